import { formatCurrency, hasAtMostTwoDecimals, type InvoiceDetail, parseDecimal } from "@certidesk/shared";
import { Alert, Checkbox, Modal, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { NumericInput, ReasonAndConfirm } from "../../../components";

export interface CreditNoteRequest {
  reason: string;
  /** Absent: the whole invoice. */
  lines?: Array<{ position: number; quantity: number }>;
}

const typed = (n: number) => String(n).replace(".", ",");

/** The quantity's message under its field: the schema's rule (two decimals at most), before sending. */
const quantityError = (text: string | undefined) => {
  const quantity = text === undefined ? null : parseDecimal(text);
  return quantity !== null && !hasAtMostTwoDecimals(quantity) ? "Deux décimales au plus." : null;
};

/**
 * The credit note of an issued invoice: the whole invoice (while it has no credit note), or chosen
 * lines with the quantity credited on each, up to what remains uncredited (the server checks it). What
 * the client already paid beyond the new amount due becomes a refund owed, recorded on the invoice.
 */
export function CreditNoteModal({
  invoice,
  opened,
  error,
  loading,
  onConfirm,
  onClose,
}: {
  invoice: InvoiceDetail;
  opened: boolean;
  error: string | null;
  loading: boolean;
  onConfirm: (request: CreditNoteRequest) => void;
  onClose: () => void;
}) {
  const untouched = invoice.creditNotes.length === 0;
  const creditedCents = invoice.creditNotes.reduce((sum, c) => sum + Math.round(c.totalTtc * 100), 0);
  const remaining = (Math.round(invoice.totalTtc * 100) - creditedCents) / 100;
  const [mode, setMode] = useState<"whole" | "lines">(untouched ? "whole" : "lines");
  const [reason, setReason] = useState("");
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const picked = Object.entries(chosen).map(([position, quantity]) => ({
    position: Number(position),
    quantity: parseDecimal(quantity) ?? Number.NaN,
  }));
  const estimate = picked.reduce((sum, p) => {
    const line = invoice.lines[p.position - 1];
    return line && Number.isFinite(p.quantity) ? sum + p.quantity * line.unitPrice * (1 + line.vatRate) : sum;
  }, 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm({ reason: reason.trim(), ...(mode === "lines" && { lines: picked }) });
  };
  const ready =
    reason.trim() !== "" &&
    (mode === "whole" ||
      (picked.length > 0 && picked.every((p) => p.quantity > 0 && hasAtMostTwoDecimals(p.quantity))));
  return (
    <Modal opened={opened} onClose={onClose} title={`Avoir sur la facture ${invoice.number ?? ""}`} size="xl">
      <form onSubmit={submit}>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <SegmentedControl
            aria-label="Étendue de l'avoir"
            value={mode}
            onChange={(v) => setMode(v as "whole" | "lines")}
            data={[
              { value: "whole", label: "Toute la facture", disabled: !untouched },
              { value: "lines", label: "Certaines lignes" },
            ]}
          />
          {invoice.paid > 0 && (
            <Text size="sm" c="dimmed">
              Le client a déjà payé {formatCurrency(invoice.paid)} : ce qu'il a payé au-delà du nouveau montant dû
              deviendra un remboursement à enregistrer sur la facture.
            </Text>
          )}
          {mode === "whole" ? (
            <Text size="sm">L'avoir annule la facture entière : {formatCurrency(invoice.totalTtc)} TTC.</Text>
          ) : (
            <>
              <Text size="sm">
                Reste à créditer sur la facture : {formatCurrency(remaining)} TTC. L'avoir ne peut pas le dépasser.
              </Text>
              <Table.ScrollContainer minWidth={560}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Créditer</Table.Th>
                      <Table.Th>Ligne</Table.Th>
                      <Table.Th ta="right">Facturé</Table.Th>
                      <Table.Th>Quantité créditée</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {invoice.lines.map((line, index) => {
                      const position = index + 1;
                      const on = chosen[position] !== undefined;
                      // A deduction (the deposit already invoiced) is not a sale: nothing to credit on it.
                      const creditable = line.quantity > 0 && line.unitPrice > 0;
                      return (
                        <Table.Tr key={position}>
                          <Table.Td>
                            <Checkbox
                              aria-label={`Créditer la ligne ${position} : ${line.label}`}
                              checked={on}
                              disabled={!creditable}
                              onChange={(e) => {
                                const checked = e.currentTarget.checked;
                                setChosen((c) => {
                                  const next = { ...c };
                                  if (checked) next[position] = typed(line.quantity);
                                  else delete next[position];
                                  return next;
                                });
                              }}
                            />
                          </Table.Td>
                          <Table.Td>{line.label}</Table.Td>
                          <Table.Td ta="right">
                            {typed(line.quantity)} × {formatCurrency(line.unitPrice)} HT
                          </Table.Td>
                          <Table.Td>
                            <NumericInput
                              aria-label={`Quantité créditée, ligne ${position}`}
                              disabled={!on}
                              maxLength={8}
                              value={chosen[position] ?? ""}
                              error={quantityError(chosen[position])}
                              onChange={(value) => setChosen((c) => ({ ...c, [position]: String(value) }))}
                            />
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Text size="sm" fw={500} c={estimate > remaining + 0.005 ? "red" : undefined}>
                Avoir d'environ {formatCurrency(Math.round(estimate * 100) / 100)} TTC
                {estimate > remaining + 0.005 && " : plus que le reste à créditer, réduisez les quantités"}
              </Text>
            </>
          )}
          <ReasonAndConfirm
            label="Motif de l'avoir"
            reason={reason}
            onReason={setReason}
            confirmLabel="Émettre l'avoir"
            loading={loading}
            ready={ready}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
