import { formatCurrency, formatMonthLabel } from "@certidesk/shared";
import { Alert, Anchor, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { LoadingOverlay, Pagination } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { STATEMENT_MONTHS_PER_PAGE, useStatementMonths } from "../api/get-statement-months";
import { statementUrl } from "../api/statement-url";

const money = (cents: number) => formatCurrency(cents / 100);

/**
 * An evaluator's monthly statements ("Relevés"), in their space and on their file: each month with
 * something owed (fees of the missions done, validated expenses), its amounts and the statement to
 * download. On a phone the table keeps the month, its total and the downloads.
 */
export function StatementsPanel({ auditorId, intro }: { auditorId: string; intro: string }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useStatementMonths(auditorId, page);
  return (
    <Paper withBorder p="md" pos="relative">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Relevés mensuels
        </Title>
        <Text size="sm">{intro}</Text>
        {error && <Alert color="red">{errorMessage(error)}</Alert>}
        {isLoading && <LoadingOverlay visible />}
        {data && data.total === 0 && (
          <Text size="sm" c="dimmed">
            Aucun relevé pour l'instant : un mois apparaît ici dès qu'une mission y est terminée ou qu'un frais de ce
            mois est validé.
          </Text>
        )}
        {data && data.total > 0 && (
          <Table verticalSpacing={6} aria-label="Relevés mensuels">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Mois</Table.Th>
                <Table.Th visibleFrom="sm" ta="right">
                  Honoraires
                </Table.Th>
                <Table.Th visibleFrom="sm" ta="right">
                  Frais validés
                </Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th visibleFrom="sm" ta="right">
                  Déjà payé
                </Table.Th>
                <Table.Th>Relevé</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((m) => {
                const label = formatMonthLabel(m.month);
                return (
                  <Table.Tr key={m.month}>
                    <Table.Td tt="capitalize">{label}</Table.Td>
                    <Table.Td visibleFrom="sm" ta="right">
                      {money(m.feesCents)}
                    </Table.Td>
                    <Table.Td visibleFrom="sm" ta="right">
                      {money(m.expensesCents)}
                    </Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {money(m.totalCents)}
                    </Table.Td>
                    <Table.Td visibleFrom="sm" ta="right">
                      {money(m.paidCents)}
                    </Table.Td>
                    <Table.Td>
                      {/* At 320 px the two links go one under the other rather than widen the page. */}
                      <Group gap="xs" wrap="wrap">
                        <Anchor
                          href={statementUrl(auditorId, m.month, "pdf")}
                          download
                          size="sm"
                          aria-label={`PDF du relevé de ${label}`}
                        >
                          <Group gap={4} wrap="nowrap">
                            <IconDownload size={14} aria-hidden />
                            PDF
                          </Group>
                        </Anchor>
                        <Anchor
                          href={statementUrl(auditorId, m.month, "xlsx")}
                          download
                          size="sm"
                          aria-label={`XLSX du relevé de ${label}`}
                        >
                          XLSX
                        </Anchor>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {data && data.total > STATEMENT_MONTHS_PER_PAGE && (
          <Pagination
            totalItems={data.total}
            itemsPerPage={STATEMENT_MONTHS_PER_PAGE}
            currentPage={page}
            onPageChange={setPage}
          />
        )}
      </Stack>
    </Paper>
  );
}
