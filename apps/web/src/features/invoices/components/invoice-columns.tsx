import { formatCurrency, formatDate, INVOICE_KIND_LABELS, type InvoiceRow } from "@certidesk/shared";
import { Stack, Text } from "@mantine/core";
import type { DataTableColumn } from "../../../components";
import { InvoiceStatusBadge } from "./invoice-labels";

/** An amount keeps its figures and its € on one line: a wrapped amount reads as two numbers. */
const Amount = ({ value }: { value: number }) => <span style={{ whiteSpace: "nowrap" }}>{formatCurrency(value)}</span>;

export const INVOICE_COLUMNS: DataTableColumn<InvoiceRow>[] = [
  {
    key: "number",
    title: "Numéro",
    width: 130,
    sortable: true,
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm" fw={600} component="div">
          {r.number ?? "Brouillon"}
        </Text>
        <Text size="xs" c="dimmed">
          {INVOICE_KIND_LABELS[r.kind]}
          {r.creditedInvoiceNumber ? ` de ${r.creditedInvoiceNumber}` : ""}
        </Text>
      </Stack>
    ),
  },
  {
    key: "client",
    title: "Établissement",
    width: 240,
    sortable: true,
    render: (r) => (
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" truncate>
          {r.clientName}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {r.buyerName !== r.clientName ? `${r.buyerName} · ` : ""}
          {r.contractNumber}
        </Text>
      </Stack>
    ),
  },
  {
    key: "issueDate",
    priority: 2,
    title: "Émise le",
    width: 100,
    sortable: true,
    render: (r) => formatDate(r.issueDate) || "—",
  },
  {
    key: "dueDate",
    priority: 1,
    title: "Échéance",
    width: 100,
    sortable: true,
    render: (r) => formatDate(r.dueDate) || "—",
  },
  {
    key: "totalTtc",
    priority: 2,
    title: "Total TTC",
    width: 120,
    align: "right",
    sortable: true,
    render: (r) => <Amount value={r.totalTtc} />,
  },
  { key: "due", priority: 1, title: "Reste dû", width: 120, align: "right", render: (r) => <Amount value={r.due} /> },
  { key: "status", title: "Statut", width: 190, sortable: true, render: (r) => <InvoiceStatusBadge row={r} /> },
];
