import {
  formatContractStatus,
  formatCurrency,
  formatRelanceDate,
  isBeforeToday,
  type ProspectRow,
  QUOTE_STATUS_LABELS,
  RELANCE_LABEL,
  REQUEST_SERVICE_LABELS,
  REQUEST_STATUS_LABELS,
} from "@certidesk/shared";
import { Badge, Box, Group, Stack, Text } from "@mantine/core";
import { Badges, type DataTableColumn, Hint, type RowActionCode } from "../../../components";

/** A prospect row with the spec's row flags: refused or archived rows are "removable" (confirm popup). */
export type ProspectTableRow = ProspectRow & { isRemovable: boolean };
export const withFlags = (row: ProspectRow): ProspectTableRow => ({
  ...row,
  isRemovable: row.status === "REFUSE" || row.archivedAt !== null,
});

export function prospectColumns(actions: readonly RowActionCode[]): DataTableColumn<ProspectTableRow>[] {
  return [
    { key: "reference", priority: 2, title: "Demande", width: 120, sortable: true },
    {
      key: "raisonSocial",
      title: "Prospect",
      sortable: true,
      render: (row) => (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <Hint label={row.tooltip || row.raisonSocial}>
              <Text size="sm" fw={600} truncate component="span">
                {row.raisonSocial}
              </Text>
            </Hint>
            <Box style={{ flexShrink: 0 }}>
              <Badges row={row} />
            </Box>
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {REQUEST_SERVICE_LABELS[row.service]} ·{" "}
            {row.isMultiClient ? `${row.establishments.length} établissements` : row.legalEntityRaisonSocial}
          </Text>
        </Stack>
      ),
    },
    {
      key: "postalCode",
      priority: 3,
      title: "CP",
      width: 70,
      sortable: true,
      render: (row) => (
        <Hint label={[row.postalCode, row.city].filter(Boolean).join(" ") || "—"}>
          <Text size="sm" component="span">
            {row.postalCode ?? "—"}
          </Text>
        </Hint>
      ),
    },
    {
      key: "contactName",
      priority: 2,
      title: "Contact",
      width: 150,
      sortable: true,
      render: (row) =>
        row.contactName ? (
          <Hint label={row.contactDetails || row.contactName}>
            <Text size="sm" component="span" truncate>
              {row.contactName}
            </Text>
          </Hint>
        ) : (
          "—"
        ),
    },
    {
      key: "quote",
      priority: 1,
      title: "Devis",
      width: 140,
      render: (row) =>
        row.quote ? (
          <Stack gap={0}>
            <Text size="sm">{formatCurrency(row.quote.totalTTC)}</Text>
            <Text size="xs" c="dimmed">
              {row.quote.number} · {QUOTE_STATUS_LABELS[row.quote.status]}
            </Text>
          </Stack>
        ) : (
          "—"
        ),
    },
    {
      key: "status",
      title: "Statut",
      width: 160,
      sortable: true,
      render: (row) => (
        <Stack gap={2}>
          <Badge size="sm" variant="light" color={row.status === "REFUSE" ? "red" : "blue"}>
            {formatContractStatus(row.status)}
          </Badge>
          <Text size="xs" c="dimmed">
            {row.status === "REFUSE"
              ? (row.refusalReason ?? REQUEST_STATUS_LABELS.REFUSE)
              : REQUEST_STATUS_LABELS[row.status]}
          </Text>
        </Stack>
      ),
    },
    {
      key: "dateRelance",
      priority: 1,
      title: RELANCE_LABEL,
      width: 80,
      sortable: true,
      render: (row) =>
        row.dateRelance ? (
          <Text size="sm" component="span" c={isBeforeToday(row.dateRelance) ? "red" : undefined}>
            {formatRelanceDate(row.dateRelance)}
          </Text>
        ) : (
          ""
        ),
    },
    { key: "createdAt", priority: 3, title: "Reçue le", width: 95, sortable: true },
    { key: "actions", title: "", width: 90, actions },
  ];
}
