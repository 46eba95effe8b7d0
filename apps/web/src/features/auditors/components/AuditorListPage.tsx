import {
  AUDITOR_SORT_KEYS,
  AUDITOR_STATUS_LABELS,
  AUDITOR_STATUSES,
  type AuditorListQuery,
  type AuditorRow,
  type AuditorSortKey,
  formatPhone,
  SECTOR_DOMAINS,
} from "@certidesk/shared";
import { Alert, Badge, Button, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconFileSpreadsheet, IconPlus, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { type DataTableColumn, PaginatedDataTable, type SortState } from "../../../components";
import { useSavedViews } from "../../../components/saved-views/use-saved-views";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useRememberedListState } from "../../../lib/list-memory";
import { useAddressText } from "../../../lib/list-params";
import { auditorExportUrl, useAuditorList } from "../api/get-auditor-list";
import { DEPARTEMENTS, DocumentStateBadge } from "./auditor-labels";
import { NewAuditorModal } from "./NewAuditorModal";

const PAGE_SIZE = 50;
const COLUMNS: DataTableColumn<AuditorRow>[] = [
  {
    key: "name",
    title: "Évaluateur",
    width: 260,
    sortable: true,
    render: (r) => (
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate component="div">
          {r.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {[r.email, formatPhone(r.mobilePhone)].filter(Boolean).join(" · ")}
        </Text>
      </Stack>
    ),
  },
  { key: "city", priority: 2, title: "Ville", width: 130, sortable: true, render: (r) => r.city ?? "—" },
  { key: "departement", priority: 1, title: "Dép.", width: 70, sortable: true, render: (r) => r.departement ?? "—" },
  {
    key: "status",
    title: "Statut",
    width: 120,
    sortable: true,
    render: (r) => (
      <Stack gap={2}>
        <Text size="sm">{AUDITOR_STATUS_LABELS[r.status]}</Text>
        {!r.active && (
          <Badge color="gray" size="xs">
            Inactif
          </Badge>
        )}
      </Stack>
    ),
  },
  {
    key: "sectorDomains",
    priority: 3,
    title: "Domaines",
    width: 120,
    render: (r) => r.sectorDomains.join(", ") || "—",
  },
  {
    key: "documentState",
    priority: 2,
    title: "Documents",
    width: 150,
    sortable: true,
    render: (r) => <DocumentStateBadge state={r.documentState} />,
  },
  {
    key: "openLinks",
    priority: 3,
    title: "Liens",
    width: 70,
    render: (r) => (r.openLinks ? <Badge color="orange">{r.openLinks}</Badge> : "—"),
  },
];

const isSortKey = (v: string | null): v is AuditorSortKey => (AUDITOR_SORT_KEYS as readonly string[]).includes(v ?? "");

/** The evaluators (route /app/evaluateur): searched, filtered, sorted and paged by the server. */
export function AuditorListPage() {
  useBranding("Évaluateurs");
  const navigate = useNavigate();
  const { can } = useCan();
  const [params, setParams] = useSearchParams();
  useRememberedListState();
  const { text: search, setText: setSearch, committed } = useAddressText(params.get("q") ?? "");
  const [debounced] = useDebouncedValue(search, 300);
  const [creating, setCreating] = useState(false);
  const get = (k: string) => params.get(k) ?? undefined;
  const page = Number(params.get("page") ?? 1) || 1;
  const sortKey = isSortKey(params.get("tri")) ? (params.get("tri") as AuditorSortKey) : "name";
  const direction = params.get("ordre") === "desc" ? "desc" : "asc";
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    if (!("page" in patch)) next.delete("page");
    setParams(next, { replace: true });
  };
  const query: AuditorListQuery = {
    page,
    pageSize: PAGE_SIZE,
    search: debounced.trim() || undefined,
    active: (get("actif") as AuditorListQuery["active"]) ?? "true",
    status: get("statut") as AuditorListQuery["status"],
    departement: get("departement"),
    zone: get("zone"),
    sectorDomain: get("domaine") as AuditorListQuery["sectorDomain"],
    documents: get("documents") as AuditorListQuery["documents"],
    sort: sortKey,
    direction,
  };
  const { data, isFetching, isError, error } = useAuditorList(query);
  const views = useSavedViews({ listKey: "evaluators", label: "évaluateurs", columns: COLUMNS });
  const sort: SortState = { key: sortKey, direction };
  const departements = DEPARTEMENTS.map((d) => ({ value: d, label: d }));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Évaluateurs
        </Title>
        <Group>
          <Button
            component="a"
            href={auditorExportUrl(query)}
            download
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
          >
            Exporter (XLSX)
          </Button>
          {can("AUDITOR", "create") && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Nouvel évaluateur
            </Button>
          )}
        </Group>
      </Group>
      {views.bar}
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Rechercher"
          aria-label="Rechercher un évaluateur"
          placeholder="Nom, ville, e-mail…"
          leftSection={<IconSearch size={16} />}
          w={260}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            committed.current = e.currentTarget.value;
            set({ q: e.currentTarget.value });
          }}
        />
        <Select
          label="Actifs"
          w={130}
          allowDeselect={false}
          data={[
            { value: "true", label: "Actifs" },
            { value: "false", label: "Inactifs" },
            { value: "all", label: "Tous" },
          ]}
          value={query.active ?? "true"}
          onChange={(v) => set({ actif: v === "true" ? null : v })}
        />
        <Select
          label="Statut"
          w={150}
          clearable
          placeholder="Tous"
          data={AUDITOR_STATUSES.map((s) => ({ value: s, label: AUDITOR_STATUS_LABELS[s] }))}
          value={query.status ?? null}
          onChange={(v) => set({ statut: v })}
        />
        <Select
          label="Département de résidence"
          w={120}
          clearable
          searchable
          placeholder="Tous"
          data={departements}
          value={query.departement ?? null}
          onChange={(v) => set({ departement: v })}
        />
        <Select
          label="Zone couverte"
          w={120}
          clearable
          searchable
          placeholder="Toutes"
          data={departements}
          value={query.zone ?? null}
          onChange={(v) => set({ zone: v })}
        />
        <Select
          label="Domaine"
          w={110}
          clearable
          placeholder="Tous"
          data={[...SECTOR_DOMAINS]}
          value={query.sectorDomain ?? null}
          onChange={(v) => set({ domaine: v })}
        />
        <Select
          label="Documents"
          w={190}
          clearable
          placeholder="Tous"
          data={[
            { value: "MISSING_OR_EXPIRED", label: "Manquants ou expirés" },
            { value: "EXPIRING", label: "Expirent bientôt" },
          ]}
          value={query.documents ?? null}
          onChange={(v) => set({ documents: v })}
        />
      </Group>
      {isError && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <PaginatedDataTable
        aria-label="Liste des évaluateurs"
        columns={views.columns}
        rows={data?.items ?? []}
        getRowKey={(row) => row.id}
        loading={isFetching && !data}
        emptyText="Aucun évaluateur ne correspond à ces critères."
        sort={sort}
        onSortChange={(s) =>
          set({ tri: s && s.key !== "name" ? s.key : null, ordre: s?.direction === "desc" ? "desc" : null })
        }
        onRowClick={(row) => navigate(`/app/evaluateur/${row.id}`)}
        onAction={(_code, row) => navigate(`/app/evaluateur/${row.id}`)}
        totalItems={data?.total ?? 0}
        itemsPerPage={PAGE_SIZE}
        currentPage={page}
        onPageChange={(p) => set({ page: p === 1 ? null : String(p) })}
        maxHeight="calc(100vh - 360px)"
        estimatedRowHeight={53}
      />
      <Text size="sm" c="dimmed">
        {data?.total ?? 0} évaluateur(s)
      </Text>
      <NewAuditorModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
