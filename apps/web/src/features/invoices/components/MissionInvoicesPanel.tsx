import { formatCurrency } from "@certidesk/shared";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconFilePlus } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { DataTable } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { useCreateInvoice } from "../api/create-invoice";
import { useInvoices } from "../api/get-invoices";
import { DepositPanel } from "./DepositPanel";
import { INVOICE_COLUMNS } from "./invoice-columns";
import { STATUS_LABELS } from "./invoice-labels";

/**
 * The mission's Facture tab: the contract's deposit first (the deposit alert lands here), then the
 * mission's invoices and the balance to prepare once the visit is over. Mounted by app/ in the
 * mission view, which says whether the visit is over (the server checks it again).
 */
export function MissionInvoicesPanel({
  missionId,
  contractId,
  visitOver,
}: {
  missionId: string;
  contractId: string;
  visitOver: boolean;
}) {
  const navigate = useNavigate();
  const { can } = useCan();
  const create = useCreateInvoice();
  const { data, isLoading } = useInvoices({ missionId, page: 1, pageSize: 50, sort: "issueDate", direction: "desc" });
  const rows = data?.items ?? [];
  const live = rows.filter((r) => r.kind === "BALANCE" && !(r.status === "INVOICE_PAID" && r.paid === 0));
  const toDo = !isLoading && live.length === 0;
  return (
    <Stack>
      <DepositPanel contractId={contractId} />
      <Group justify="space-between">
        <Text size="sm">
          {toDo
            ? `${STATUS_LABELS.INVOICE_TO_DO} : aucune facture de solde pour cette mission.`
            : `Reste dû : ${formatCurrency(rows.reduce((a, r) => a + r.due, 0))}`}
        </Text>
        {toDo && can("INVOICE", "create") && (
          <Button
            variant={visitOver ? "filled" : "default"}
            disabled={!visitOver}
            leftSection={<IconFilePlus size={16} />}
            loading={create.isPending}
            onClick={() => create.mutate({ missionId }, { onSuccess: (saved) => navigate(`/app/facture/${saved.id}`) })}
          >
            Préparer la facture de solde
          </Button>
        )}
      </Group>
      {toDo && !visitOver && (
        <Text size="sm" c="dimmed">
          La facture de solde se prépare après le dernier jour de visite ; elle déduira l'acompte émis.
        </Text>
      )}
      {create.error && (
        <Alert color="orange" role="alert">
          {errorMessage(create.error)}
        </Alert>
      )}
      <DataTable
        aria-label="Factures de la mission"
        columns={INVOICE_COLUMNS}
        rows={rows}
        getRowKey={(r) => r.id}
        loading={isLoading}
        emptyText="Aucune facture pour cette mission."
        onRowClick={(r) => navigate(`/app/facture/${r.id}`)}
      />
    </Stack>
  );
}
