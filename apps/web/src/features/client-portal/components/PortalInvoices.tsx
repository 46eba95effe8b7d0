import {
  formatCurrency,
  formatDate,
  INVOICE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  type PortalInvoices as PortalInvoiceList,
} from "@certidesk/shared";
import { Alert, Anchor, Paper, Text, Title } from "@mantine/core";
import { DataTable, type DataTableColumn } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { usePortalInvoices } from "../api/get-portal-invoices";

type Invoice = PortalInvoiceList["items"][number];
const amount = (value: number) => <span style={{ whiteSpace: "nowrap" }}>{formatCurrency(value)}</span>;
const COLUMNS: DataTableColumn<Invoice>[] = [
  {
    key: "number",
    title: "N°",
    width: 130,
    render: (i) => (
      <Anchor href={i.pdfUrl} download aria-label={`Télécharger la facture ${i.number} (PDF)`}>
        {i.number}
      </Anchor>
    ),
  },
  { key: "kind", title: "Nature", width: 120, priority: 2, render: (i) => INVOICE_KIND_LABELS[i.kind] },
  { key: "issueDate", title: "Date", width: 110, priority: 2, render: (i) => formatDate(i.issueDate) },
  {
    key: "dueDate",
    title: "Échéance",
    width: 110,
    priority: 1,
    render: (i) => (i.dueDate ? formatDate(i.dueDate) : "—"),
  },
  { key: "totalTtc", title: "Montant TTC", width: 130, align: "right", priority: 1, render: (i) => amount(i.totalTtc) },
  {
    key: "due",
    title: "Reste à payer",
    width: 130,
    align: "right",
    render: (i) => (i.kind === "CREDIT_NOTE" ? "—" : amount(i.due)),
  },
  { key: "status", title: "Statut", render: (i) => INVOICE_STATUS_LABELS[i.status] },
];

/** The establishment's issued invoices and credit notes, each with its Factur-X PDF. */
export function PortalInvoices() {
  const { data, error } = usePortalInvoices();
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="portal-invoices-title"
      id="factures"
      style={{ scrollMarginTop: 72 }}
    >
      <Title order={2} size="h4" mb="xs" id="portal-invoices-title">
        Vos factures
      </Title>
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {data && data.items.length === 0 && <Text c="dimmed">Aucune facture ne vous a encore été adressée.</Text>}
      {data && data.items.length > 0 && (
        <DataTable
          aria-label="Vos factures"
          columns={COLUMNS}
          rows={data.items}
          getRowKey={(i) => i.id}
          manualSorting
          manualFiltering
          maxHeight="none"
        />
      )}
      <Text size="xs" c="dimmed" mt="xs">
        Chaque facture est un fichier Factur-X : un PDF lisible qui contient aussi ses données pour votre logiciel
        comptable.
      </Text>
    </Paper>
  );
}
