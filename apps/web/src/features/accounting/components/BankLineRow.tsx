import { type BankLine, formatCurrency, formatDate, MATCH_REASON_LABELS } from "@certidesk/shared";
import { Badge, Button, Checkbox, Group, Stack, Table, Text } from "@mantine/core";

export interface BankLineActions {
  canWrite: boolean;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onConfirm: () => void;
  onChoose: () => void;
  onIgnore: () => void;
  onRestore: () => void;
  busy: boolean;
}

/** One statement line: what the bank says, what it would pay (or paid), and what can be done with it. */
export function BankLineRow({ line, actions }: { line: BankLine; actions: BankLineActions }) {
  const invoices = line.status === "MATCHED" ? line.payments : line.proposal;
  return (
    <Table.Tr>
      <Table.Td>
        {line.status === "TO_MATCH" && actions.canWrite ? (
          <Checkbox
            aria-label={`Choisir la ligne du ${formatDate(line.bookingDate)} de ${formatCurrency(line.amount)}`}
            checked={actions.selected}
            disabled={line.proposal.length === 0}
            onChange={(e) => actions.onSelect(e.currentTarget.checked)}
          />
        ) : null}
      </Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(line.bookingDate)}</Table.Td>
      <Table.Td>
        <Text size="sm">{line.label}</Text>
        {line.counterparty || line.reference ? (
          <Text size="xs" c="dimmed">
            {[line.counterparty, line.reference && `Réf. ${line.reference}`].filter(Boolean).join(" — ")}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
        {formatCurrency(line.amount)}
      </Table.Td>
      <Table.Td>
        {invoices.length ? (
          <Stack gap={2}>
            {invoices.map((i) => (
              <Text size="sm" key={i.invoiceId}>
                <a href={`/app/facture/${i.invoiceId}`}>{i.number}</a> — {i.clientName} ({formatCurrency(i.amount)})
              </Text>
            ))}
            {line.reason && line.status === "TO_MATCH" ? (
              <Badge variant="light" color={line.reason === "AMOUNT" ? "yellow" : "teal"} w="fit-content">
                {MATCH_REASON_LABELS[line.reason]}
              </Badge>
            ) : null}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {line.status === "TO_MATCH" ? "Aucune proposition" : "—"}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {actions.canWrite && line.status === "TO_MATCH" ? (
          <Group gap={4} wrap="nowrap">
            {line.proposal.length ? (
              <Button size="xs" onClick={actions.onConfirm} loading={actions.busy}>
                Confirmer
              </Button>
            ) : null}
            <Button size="xs" variant="default" onClick={actions.onChoose}>
              Choisir…
            </Button>
            <Button size="xs" variant="subtle" color="gray" onClick={actions.onIgnore}>
              Ignorer
            </Button>
          </Group>
        ) : null}
        {actions.canWrite && line.status === "IGNORED" ? (
          <Button size="xs" variant="default" onClick={actions.onRestore}>
            Remettre à rapprocher
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
