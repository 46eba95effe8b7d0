import { formatDate, formatDays, type MissionFee } from "@certidesk/shared";
import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { DataTable, type DataTableColumn } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useMissionFees } from "../api/get-mission-fees";
import { usePayFeeInvoice } from "../api/pay-fee-invoice";
import { DateModal } from "./ExpenseActions";
import { euros, FeeStatusBadge } from "./expense-labels";

function PayFee({ fee }: { fee: MissionFee }) {
  const pay = usePayFeeInvoice();
  const [paying, setPaying] = useState(false);
  const inv = fee.invoice;
  if (!inv) return null;
  return (
    <>
      {fee.canPay && (
        <Button
          size="xs"
          variant="light"
          onClick={() => setPaying(true)}
          aria-label={`Marquer payée la facture de ${fee.auditorName}`}
        >
          Marquer payée
        </Button>
      )}
      <DateModal
        opened={paying}
        title={`Payer la facture ${inv.number}`}
        label="Date du paiement"
        confirmLabel="Enregistrer"
        loading={pay.isPending}
        onClose={() => setPaying(false)}
        onConfirm={(date) =>
          pay.mutate(
            { id: inv.id, date, version: inv.version },
            {
              onSuccess: () => {
                notifySaved("Paiement enregistré.");
                setPaying(false);
              },
              onError: notifyError,
            },
          )
        }
      />
    </>
  );
}

function FeeInvoice({ fee }: { fee: MissionFee }) {
  const inv = fee.invoice;
  if (!inv)
    return fee.status === "INDEPENDANT" ? (
      <Text size="sm" c="dimmed">
        En attente de la facture
      </Text>
    ) : (
      "—"
    );
  return (
    <Stack gap={2}>
      {inv.document ? (
        <Anchor href={inv.document.url} target="_blank" rel="noopener" size="sm">
          Facture {inv.number}
        </Anchor>
      ) : (
        <Text size="sm">Facture {inv.number}</Text>
      )}
      <Text size="sm">{euros(inv.amountCents)} HT</Text>
      {inv.warning && (
        <Text size="xs" c="orange">
          {inv.warning}
        </Text>
      )}
    </Stack>
  );
}

const COLUMNS: DataTableColumn<MissionFee>[] = [
  { key: "auditorName", title: "Évaluateur" },
  {
    key: "status",
    title: "Statut",
    width: 130,
    priority: 2,
    render: (f) => (f.status === "INDEPENDANT" ? "Indépendant(e)" : "Salarié(e)"),
  },
  { key: "days", title: "Jours", width: 80, priority: 2, render: (f) => formatDays(f.days) },
  {
    key: "expectedCents",
    title: "Montant convenu",
    width: 150,
    priority: 1,
    render: (f) =>
      f.status === "SALARIE"
        ? "Jours comptés"
        : f.expectedCents === null
          ? "Tarif non convenu"
          : euros(f.expectedCents),
  },
  { key: "invoice", title: "Facture", width: 180, render: (f) => <FeeInvoice fee={f} /> },
  {
    key: "paidOn",
    title: "Paiement",
    width: 130,
    render: (f) => (
      <>
        {f.invoice && <FeeStatusBadge status={f.invoice.status} />}
        {f.invoice?.paidOn && <Text size="xs">le {formatDate(f.invoice.paidOn)}</Text>}
      </>
    ),
  },
];
const ACTIONS: DataTableColumn<MissionFee> = {
  key: "actions",
  title: "Actions",
  width: 150,
  render: (f) => <PayFee fee={f} />,
};

/** The fees of a mission's evaluators, with the payment of a freelance invoice. */
export function FeesSection({ missionId }: { missionId: string }) {
  const { data, error } = useMissionFees(missionId);
  const withActions = data?.items.some((f) => f.canPay) ?? false;
  const columns = useMemo(() => (withActions ? [...COLUMNS, ACTIONS] : COLUMNS), [withActions]);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!data) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Honoraires des évaluateurs
      </Title>
      <DataTable
        aria-label="Honoraires des évaluateurs"
        columns={columns}
        rows={data.items}
        getRowKey={(f) => f.auditorId}
        manualSorting
        manualFiltering
        maxHeight="none"
      />
    </Stack>
  );
}
