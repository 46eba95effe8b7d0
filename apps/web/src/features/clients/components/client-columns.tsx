import {
  type ClientRow,
  CONTRACT_STATUS_DETAIL_LABELS,
  EVALUATION_TO_SCHEDULE,
  formatDate,
  formatEvaluationDate,
  formatRelanceDate,
  isBeforeToday,
  RELANCE_LABEL,
} from "@certidesk/shared";
import { Badge, Box, Group, Stack, Text } from "@mantine/core";
import { Badges, type DataTableColumn, Hint } from "../../../components";

const STATUS_COLORS: Record<string, string> = {
  SIGNED: "green",
  SENT: "blue",
  DRAFT: "gray",
  REFUSE: "red",
  CANCELLED: "gray",
};

/** The client list's columns (spec §3 keys); sortable ones are sorted by the server. */
export const CLIENT_COLUMNS: DataTableColumn<ClientRow>[] = [
  {
    key: "raisonSocial",
    title: "Établissement",
    sortable: true,
    render: (row) => (
      <Stack gap={2}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate component="div">
            {row.raisonSocial}
          </Text>
          <Box style={{ flexShrink: 0 }}>
            <Badges row={row} />
          </Box>
        </Group>
        {row.legalEntityRaisonSocial && (
          <Text size="xs" c="dimmed" truncate>
            {row.legalEntityRaisonSocial}
          </Text>
        )}
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
      <Hint label={row.tooltip}>
        <Text size="sm" component="span">
          {row.postalCode ?? "—"}
        </Text>
      </Hint>
    ),
  },
  { key: "city", priority: 2, title: "Ville", width: 120, sortable: true, render: (row) => row.city ?? "—" },
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
    key: "evaluationDate",
    priority: 1,
    title: "Évaluation",
    width: 130,
    sortable: true,
    render: (row) => {
      const text = formatEvaluationDate(row.evaluationDate);
      if (text === EVALUATION_TO_SCHEDULE)
        return (
          <Badge variant="light" color="orange" size="sm">
            {text}
          </Badge>
        );
      return row.evaluationFinishedAt ? (
        <Hint label={`Évaluation finalisée le ${formatDate(row.evaluationFinishedAt)}`}>
          <Text size="sm" component="span" c="green">
            {text} ✓
          </Text>
        </Hint>
      ) : (
        text
      );
    },
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
  {
    key: "status",
    title: "Contrat",
    width: 100,
    sortable: true,
    render: (row) =>
      row.status ? (
        <Badge variant="light" size="sm" color={STATUS_COLORS[row.status] ?? "gray"}>
          {CONTRACT_STATUS_DETAIL_LABELS[row.status]}
        </Badge>
      ) : (
        "—"
      ),
  },
  { key: "createdAt", priority: 3, title: "Créé le", width: 95, sortable: true },
  { key: "actions", title: "", width: 90, actions: ["COMMENT", "View"] },
];
