import { INVOICE_KIND_LABELS, type InvoiceRow, type InvoiceStatus } from "@certidesk/shared";
import { Badge, Group } from "@mantine/core";

/** How the screens name each status (the spec's codes never show). */
export const STATUS_LABELS: Record<InvoiceStatus, string> = {
  INVOICE_TO_DO: "À faire",
  INVOICE_PREPARE: "À facturer",
  INVOICE_ISSUED: "Émise, non envoyée",
  INVOICE_SEND: "Envoyée, non payée",
  INVOICE_PARTIALLY_PAID: "Partiellement payée",
  INVOICE_PAID: "Payée",
};
const COLORS: Record<InvoiceStatus, string> = {
  INVOICE_TO_DO: "gray",
  INVOICE_PREPARE: "gray",
  INVOICE_ISSUED: "yellow",
  INVOICE_SEND: "blue",
  INVOICE_PARTIALLY_PAID: "orange",
  INVOICE_PAID: "green",
};

export function InvoiceStatusBadge({ row }: { row: Pick<InvoiceRow, "status" | "kind" | "overdue"> }) {
  const label = row.kind === "CREDIT_NOTE" ? "Avoir émis" : STATUS_LABELS[row.status];
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={row.kind === "CREDIT_NOTE" ? "grape" : COLORS[row.status]} variant="light">
        {label}
      </Badge>
      {row.overdue && (
        <Badge color="red" variant="filled">
          En retard
        </Badge>
      )}
    </Group>
  );
}

export const invoiceTitle = (row: Pick<InvoiceRow, "kind" | "number">) =>
  row.number
    ? `${row.kind === "CREDIT_NOTE" ? "Avoir" : "Facture"} ${row.number}`
    : `Brouillon de facture (${INVOICE_KIND_LABELS[row.kind].toLowerCase()})`;
