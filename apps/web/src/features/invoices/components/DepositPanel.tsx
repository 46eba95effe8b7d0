import { type DepositPreview, formatCurrency, formatDecimal, vatRateLabel } from "@certidesk/shared";
import { Alert, Button, Group, Modal, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconFilePlus, IconFileText } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Spinner } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useCreateInvoice } from "../api/create-invoice";
import { useDepositPreview } from "../api/get-deposit-preview";
import { InvoiceStatusBadge } from "./invoice-labels";

const percent = (p: number) => `${formatDecimal(p)} %`;

/** The amounts the draft will carry, read from the server (the same computation as the draft's). */
function DepositAmounts({ deposit }: { deposit: DepositPreview }) {
  const rows: Array<[string, string]> = [
    ["Prix du contrat HT", formatCurrency(deposit.contractAmountHt)],
    ["Acompte HT", `${percent(deposit.percent)} : ${formatCurrency(deposit.amountHt)}`],
    [`TVA ${vatRateLabel(deposit.vatRate)}`, formatCurrency(deposit.amountVat)],
    ["Acompte TTC", formatCurrency(deposit.amountTtc)],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={2} aria-label="Montant de l'acompte">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th fw={400}>{label}</Table.Th>
            <Table.Td ta="right" fw={label === "Acompte TTC" ? 700 : 400}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The contract's deposit invoice: prepared from here (the amount shown before confirming), or opened
 * once it exists. Mounted by app/ on the mission's Facture tab and on the contract.
 */
export function DepositPanel({ contractId }: { contractId: string }) {
  const navigate = useNavigate();
  const { data: deposit, isLoading, error } = useDepositPreview(contractId);
  const create = useCreateInvoice();
  const [confirming, setConfirming] = useState(false);
  if (isLoading) return <Spinner />;
  if (!deposit)
    return (
      <Alert color="red" role="alert">
        {errorMessage(error)}
      </Alert>
    );
  const invoice = deposit.invoice;
  // A contract without a deposit has nothing to offer here: one quiet line, no block.
  if (!invoice && deposit.percent <= 0)
    return (
      <Text size="sm" c="dimmed">
        Le contrat {deposit.contractNumber} ne prévoit pas d'acompte : tout est facturé sur le solde, après la visite.
      </Text>
    );
  const prepare = () =>
    create.mutate(
      { contractId },
      {
        onSuccess: (saved) => {
          setConfirming(false);
          navigate(`/app/facture/${saved.id}`);
        },
      },
    );
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Facture d'acompte
          </Title>
          {invoice && <InvoiceStatusBadge row={{ kind: "DEPOSIT", status: invoice.status, overdue: false }} />}
        </Group>
        {invoice ? (
          <Group justify="space-between">
            <Text size="sm">
              {invoice.number
                ? `Facture ${invoice.number} : ${formatCurrency(invoice.totalTtc)} TTC. Elle sera déduite de la facture de solde.`
                : `Brouillon de ${formatCurrency(invoice.totalTtc)} TTC, à vérifier puis émettre : le solde ne se prépare qu'après.`}
            </Text>
            <Button
              variant={invoice.number ? "default" : "filled"}
              leftSection={<IconFileText size={16} />}
              onClick={() => navigate(`/app/facture/${invoice.id}`)}
            >
              {invoice.number ? "Ouvrir la facture d'acompte" : "Ouvrir le brouillon d'acompte"}
            </Button>
          </Group>
        ) : (
          <Group justify="space-between">
            <Text size="sm">
              Le contrat {deposit.contractNumber} prévoit un acompte de {percent(deposit.percent)} :{" "}
              {formatCurrency(deposit.amountHt)} HT, soit {formatCurrency(deposit.amountTtc)} TTC.
            </Text>
            {deposit.canPrepare && (
              <Button leftSection={<IconFilePlus size={16} />} onClick={() => setConfirming(true)}>
                Préparer la facture d'acompte
              </Button>
            )}
          </Group>
        )}
        {!invoice && deposit.refusal && (
          <Alert color="orange" role="status">
            {deposit.refusal}
          </Alert>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Préparer la facture d'acompte ?"
        closeButtonProps={{ "aria-label": "Fermer" }}
      >
        <Stack>
          <Text size="sm">
            Un brouillon est préparé avec ce montant. Vous le vérifiez puis l'émettez ; la facture de solde le déduira.
          </Text>
          <DepositAmounts deposit={deposit} />
          {create.error && (
            <Alert color="orange" role="alert">
              {errorMessage(create.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Annuler
            </Button>
            <Button loading={create.isPending} onClick={prepare}>
              Préparer le brouillon
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
