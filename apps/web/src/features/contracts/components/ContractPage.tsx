import type { ContractDetail } from "@certidesk/shared";
import { Alert, Anchor, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { LoadingOverlay } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useContract } from "../api/get-contract";
import { ContractView } from "./ContractView";

/**
 * Route /app/contract/{id}: a prospect's contract (right on PROSPECT). `aside`: what app/ adds from
 * other features under the header (the deposit invoice of a signed contract).
 */
export function ContractPage({ aside }: { aside?: (contract: ContractDetail) => ReactNode }) {
  const { id = "" } = useParams();
  const { data, error, isLoading } = useContract(id);
  useBranding(data ? `Contrat ${data.number}` : "Contrat");
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (isLoading || !data) return <LoadingOverlay visible />;
  return (
    <Stack maw={1300}>
      <Anchor component={Link} to={`/app/timeline-prospect/${data.requestId}`} size="sm">
        ← Demande {data.requestReference}
      </Anchor>
      <ContractView contract={data} scope={{ kind: "prospect" }} titleOrder={1} aside={aside?.(data)} />
    </Stack>
  );
}
