import { formatCurrency, formatDate, INVOICE_KIND_LABELS, INVOICE_STATUS_LABELS } from "@certidesk/shared";
import { Alert, Anchor, Paper, Table, Text, Title } from "@mantine/core";
import { errorMessage } from "../../../lib/api-client";
import { usePortalInvoices } from "../api/get-portal-invoices";

/** The establishment's issued invoices and credit notes, each with its Factur-X PDF. */
export function PortalInvoices() {
  const { data, error } = usePortalInvoices();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="portal-invoices-title">
      <Title order={2} size="h4" mb="xs" id="portal-invoices-title">
        Vos factures
      </Title>
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {data && data.items.length === 0 && <Text c="dimmed">Aucune facture ne vous a encore été adressée.</Text>}
      {data && data.items.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>N°</Table.Th>
                <Table.Th>Nature</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Échéance</Table.Th>
                <Table.Th ta="right">Montant TTC</Table.Th>
                <Table.Th ta="right">Reste à payer</Table.Th>
                <Table.Th>Statut</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    <Anchor href={i.pdfUrl} download aria-label={`Télécharger la facture ${i.number} (PDF)`}>
                      {i.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{INVOICE_KIND_LABELS[i.kind]}</Table.Td>
                  <Table.Td>{formatDate(i.issueDate)}</Table.Td>
                  <Table.Td>{i.dueDate ? formatDate(i.dueDate) : "—"}</Table.Td>
                  <Table.Td ta="right">{formatCurrency(i.totalTtc)}</Table.Td>
                  <Table.Td ta="right">{i.kind === "CREDIT_NOTE" ? "—" : formatCurrency(i.due)}</Table.Td>
                  <Table.Td>{INVOICE_STATUS_LABELS[i.status]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        Chaque facture est un fichier Factur-X : un PDF lisible qui contient aussi ses données pour votre logiciel
        comptable.
      </Text>
    </Paper>
  );
}
