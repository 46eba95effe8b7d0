import { CONTRACT_STATUS_DETAIL_LABELS } from "@certidesk/shared";
import { Alert, Anchor, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { LoadingOverlay } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useClientContracts } from "../api/get-client-contracts";
import { ContractView } from "./ContractView";

/** Route /app/contract-client/{clientId}: a client's contracts, where its evaluation is programmed (right on CLIENT). */
export function ContractClientPage() {
  const { clientId = "" } = useParams();
  const { data, error, isLoading } = useClientContracts(clientId);
  const [selected, setSelected] = useState<string | null>(null);
  const name = data?.[0]?.establishments.find((e) => e.clientId === clientId)?.raisonSocial ?? "Client";
  useBranding(`Contrat · ${name}`);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (isLoading || !data) return <LoadingOverlay visible />;
  const contract = data.find((c) => c.id === selected) ?? data.find((c) => c.status === "SIGNED") ?? data[0];
  return (
    <Stack maw={1300}>
      <Anchor component={Link} to={`/app/timeline-client/${clientId}`} size="sm">
        ← {name}
      </Anchor>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Contrat et programme · {name}
        </Title>
        {data.length > 1 && (
          <SegmentedControl
            value={contract?.id ?? ""}
            onChange={setSelected}
            data={data.map((c) => ({ value: c.id, label: `${c.number} (${CONTRACT_STATUS_DETAIL_LABELS[c.status]})` }))}
          />
        )}
      </Group>
      {contract ? (
        <ContractView contract={contract} scope={{ kind: "client", clientId }} />
      ) : (
        <Text c="dimmed">Aucun contrat pour ce client.</Text>
      )}
    </Stack>
  );
}
