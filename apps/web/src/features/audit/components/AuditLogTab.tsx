import {
  AUDIT_ENTITY_LABELS,
  type AuditEntryRow,
  type AuditLogQuery,
  type AuditPage,
  formatDate,
  groupThousands,
} from "@certidesk/shared";
import { Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { type DataTableColumn, DEFAULT_ROWS_PER_PAGE, PaginatedDataTable } from "../../../components";
import { useListParams } from "../../../lib/list-params";
import { useAuditLog } from "../api/get-audit-log";
import { AuditEntryDrawer } from "./AuditEntryDrawer";

const ACTION_LABELS: Record<string, string> = {
  create: "Création",
  update: "Modification",
  delete: "Suppression",
  login: "Connexion",
  logout: "Déconnexion",
  status: "Changement de statut",
};
const SORT_KEYS = {
  occurredAt: "occurredAt",
  actorLabel: "actorLabel",
  action: "action",
  entityType: "entityType",
} as const;
/** "12 entrée(s)", or "Plus de 10 000 entrées" when the server stopped counting (AUDIT_COUNT_CAP). */
export function entryCount(page: Pick<AuditPage, "total" | "totalCapped"> | undefined): string {
  if (!page) return "0 entrée(s)";
  const n = groupThousands(String(page.total));
  return page.totalCapped ? `Plus de ${n} entrées` : `${n} entrée(s)`;
}
const time = (iso: string) => new Date(iso).toLocaleTimeString("fr-FR", { timeZone: "Europe/Paris" });

const COLUMNS: DataTableColumn<AuditEntryRow>[] = [
  {
    key: "occurredAt",
    title: "Date",
    width: 180,
    sortable: true,
    render: (e) => `${formatDate(e.occurredAt)} ${time(e.occurredAt)}`,
  },
  { key: "actorLabel", priority: 2, title: "Auteur", width: 200, sortable: true, weight: "bold" },
  {
    key: "action",
    priority: 1,
    title: "Action",
    width: 140,
    sortable: true,
    render: (e) => ACTION_LABELS[e.action] ?? e.action,
  },
  {
    key: "entityType",
    priority: 2,
    title: "Élément",
    width: 180,
    sortable: true,
    render: (e) => AUDIT_ENTITY_LABELS[e.entityType] ?? e.entityType,
  },
  { key: "summary", title: "Description" },
];

/** Who changed what and when: filtered, sorted and paged by the server, 1000 rows a page. */
export function AuditLogTab() {
  const list = useListParams({ defaultSort: null, sortKeys: Object.keys(SORT_KEYS) });
  const { sort, page, setPage } = list;
  const [entityType, setEntityType] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const [selected, setSelected] = useState<AuditEntryRow | null>(null);
  const query: AuditLogQuery = {
    page,
    pageSize: DEFAULT_ROWS_PER_PAGE,
    search: list.search,
    entityType: entityType ?? undefined,
    action: action ?? undefined,
    // No column sorted: newest first.
    sort: sort ? SORT_KEYS[sort.key as keyof typeof SORT_KEYS] : "occurredAt",
    direction: sort ? sort.direction : "desc",
  };
  const { data, isFetching } = useAuditLog(query);
  const reset =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      list.resetPage();
    };
  const entityOptions = useMemo(
    () => Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label })),
    [],
  );
  return (
    <Stack>
      <Group align="flex-end">
        <TextInput
          label="Rechercher"
          placeholder="Auteur ou description"
          leftSection={<IconSearch size={16} />}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.currentTarget.value)}
        />
        <Select
          label="Élément"
          placeholder="Tous"
          clearable
          data={entityOptions}
          value={entityType}
          onChange={reset(setEntityType)}
        />
        <Select
          label="Action"
          placeholder="Toutes"
          clearable
          data={Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }))}
          value={action}
          onChange={reset(setAction)}
        />
        <Text size="sm" c="dimmed" ml="auto">
          {entryCount(data)}
        </Text>
      </Group>
      <PaginatedDataTable
        aria-label="Journal des modifications"
        columns={COLUMNS}
        rows={data?.items ?? []}
        getRowKey={(e) => e.id}
        loading={isFetching}
        sort={sort}
        onSortChange={list.setSort}
        onRowClick={setSelected}
        totalItems={data?.total ?? 0}
        itemsPerPage={DEFAULT_ROWS_PER_PAGE}
        currentPage={page}
        onPageChange={setPage}
        emptyText="Aucune entrée ne correspond à ces critères."
      />
      <AuditEntryDrawer entry={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
