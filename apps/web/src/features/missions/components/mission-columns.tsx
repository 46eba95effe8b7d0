import { formatDate, MISSION_KIND_LABELS, type MissionRow } from "@certidesk/shared";
import { Box, Group, Stack, Text } from "@mantine/core";
import { Badges, type DataTableColumn } from "../../../components";
import { MissionStateBadge } from "./mission-labels";

const visit = (row: MissionRow) => {
  if (!row.firstDay) return "À programmer";
  if (!row.lastDay || row.lastDay === row.firstDay) return formatDate(row.firstDay);
  return `${formatDate(row.firstDay)} → ${formatDate(row.lastDay)}`;
};

/** The missions list's columns; sortable ones are sorted by the server. */
export const MISSION_COLUMNS: DataTableColumn<MissionRow>[] = [
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
            <Badges row={{ isRegroupingClient: row.grouped }} />
          </Box>
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {[row.postalCode, row.city].filter(Boolean).join(" ") || "—"} · contrat {row.contractNumber}
        </Text>
      </Stack>
    ),
  },
  {
    key: "kind",
    priority: 2,
    title: "Type",
    width: 170,
    sortable: true,
    render: (row) => `${MISSION_KIND_LABELS[row.kind]}${row.remote ? " (à distance)" : ""}`,
  },
  {
    key: "status",
    title: "Statut",
    width: 150,
    sortable: true,
    render: (row) => <MissionStateBadge state={row.status} />,
  },
  { key: "firstDay", priority: 1, title: "Visite", width: 190, sortable: true, render: visit },
  { key: "team", priority: 2, title: "Équipe", width: 220, render: (row) => row.team || "—" },
  {
    key: "preliminaryReportDue",
    priority: 3,
    title: "Rapport préliminaire",
    // The title and its sort arrows on one line (a header does not wrap).
    width: 180,
    sortable: true,
    render: (row) => (row.preliminaryReportDue ? formatDate(row.preliminaryReportDue) : "—"),
  },
];
