import {
  MISSION_SORT_KEYS,
  MISSION_STATE_LABELS,
  MISSION_STATES,
  type MissionListQuery,
  type MissionRow,
  type MissionSortKey,
  type MissionState,
} from "@certidesk/shared";
import { Alert, Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCalendarMonth, IconFileSpreadsheet, IconList, IconSearch } from "@tabler/icons-react";
import { useLocation, useNavigate } from "react-router";
import { DateField, PaginatedDataTable } from "../../../components";
import { useSavedViews } from "../../../components/saved-views/use-saved-views";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useListParams } from "../../../lib/list-params";
import { useEvaluatorOptions } from "../api/get-evaluator-options";
import { useMissionCounts } from "../api/get-mission-counts";
import { missionExportUrl, useMissionList } from "../api/get-mission-list";
import { MISSION_COLUMNS } from "./mission-columns";
import { PlanningBoard } from "./PlanningBoard";

const PAGE_SIZE = 50;
const DEFAULT_SORT = { key: "firstDay", direction: "asc" } as const;
const ALL = "all";
const isState = (v: string | null): v is MissionState => (MISSION_STATES as readonly string[]).includes(v ?? "");
const isoDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** The missions list (route /app/mission): filtered, searched, sorted and paged by the server. */
function MissionList() {
  const navigate = useNavigate();
  const phone = useMediaQuery("(max-width: 48em)") ?? false;
  const list = useListParams({ defaultSort: DEFAULT_SORT, sortKeys: MISSION_SORT_KEYS });
  const { sort, page } = list;
  const params = new URLSearchParams(useLocation().search);
  const statusParam = params.get("statut");
  const status = isState(statusParam) ? statusParam : undefined;
  const auditorId = params.get("evaluateur") || undefined;
  const from = isoDay(params.get("du"));
  const to = isoDay(params.get("au"));
  const query: MissionListQuery = {
    status,
    auditorId,
    from,
    to,
    search: list.search,
    page,
    pageSize: PAGE_SIZE,
    sort: (sort?.key as MissionSortKey | undefined) ?? "firstDay",
    direction: sort?.direction ?? "asc",
  };
  const { data, isFetching, isError, error } = useMissionList(query);
  const counts = useMissionCounts({ auditorId, from, to, search: list.search }).data;
  const evaluators = useEvaluatorOptions().data ?? [];
  const total = counts ? MISSION_STATES.reduce((s, k) => s + counts[k], 0) : null;
  const label = (text: string, n: number | null | undefined) =>
    n === null || n === undefined ? text : `${text} (${n})`;
  const open = (row: MissionRow) => navigate(`/app/mission/${row.clientId}/${row.id}`);
  const views = useSavedViews({ listKey: "missions", label: "missions", columns: MISSION_COLUMNS });

  return (
    <Stack>
      {views.bar}
      <Group align="flex-end" justify="space-between">
        <SegmentedControl
          aria-label="Filtre des missions"
          orientation={phone ? "vertical" : "horizontal"}
          fullWidth={phone}
          style={phone ? { flex: "1 1 100%" } : undefined}
          value={status ?? ALL}
          onChange={(v) => list.update({ statut: v === ALL ? null : v, page: null })}
          data={[
            { value: ALL, label: label("Toutes", total) },
            ...MISSION_STATES.map((s) => ({ value: s, label: label(MISSION_STATE_LABELS[s], counts?.[s]) })),
          ]}
        />
        <Button
          component="a"
          href={missionExportUrl(query)}
          download
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
        >
          Exporter (XLSX)
        </Button>
      </Group>
      <Group align="flex-end" gap="sm">
        <Select
          label="Évaluateur"
          placeholder="Tous"
          clearable
          searchable
          w={{ base: "100%", sm: 240 }}
          data={evaluators.map((e) => ({ value: e.id, label: e.name }))}
          value={auditorId ?? null}
          onChange={(v) => list.update({ evaluateur: v, page: null })}
        />
        <DateField
          label="Visite du"
          w={{ base: "100%", sm: 160 }}
          value={from ?? ""}
          onChange={(v) => list.update({ du: v || null, page: null })}
        />
        <DateField
          label="Jusqu'au"
          w={{ base: "100%", sm: 160 }}
          value={to ?? ""}
          onChange={(v) => list.update({ au: v || null, page: null })}
        />
        <TextInput
          label="Recherche"
          placeholder="Établissement, ville, FINESS, contrat, évaluateur…"
          leftSection={<IconSearch size={16} />}
          w={{ base: "100%", sm: 360 }}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.currentTarget.value)}
        />
      </Group>
      {isError && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <PaginatedDataTable
        aria-label="Liste des missions"
        columns={views.columns}
        rows={data?.items ?? []}
        getRowKey={(row) => row.id}
        loading={isFetching && !data}
        emptyText="Aucune mission ne correspond à ces critères."
        sort={sort}
        onSortChange={list.setSort}
        onRowClick={open}
        totalItems={data?.total ?? 0}
        itemsPerPage={PAGE_SIZE}
        currentPage={page}
        onPageChange={list.setPage}
        maxHeight="calc(100vh - 360px)"
        estimatedRowHeight={53}
      />
      <Text size="sm" c="dimmed">
        {data?.total ?? 0} mission(s)
      </Text>
    </Stack>
  );
}

/** Route /app/mission: the list, or the planning board (`?vue=planning&mois=2026-12`). */
export function MissionListPage() {
  useBranding("Missions");
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const view = params.get("vue") === "planning" ? "planning" : "liste";
  const setView = (v: string) => {
    const next = new URLSearchParams();
    if (v === "planning") {
      next.set("vue", "planning");
      const month = params.get("mois");
      if (month) next.set("mois", month);
    }
    const q = next.toString();
    navigate({ search: q ? `?${q}` : "" }, { replace: true });
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Missions
        </Title>
        <SegmentedControl
          aria-label="Affichage"
          value={view}
          onChange={setView}
          data={[
            {
              value: "liste",
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconList size={16} aria-hidden />
                  <span>Liste</span>
                </Group>
              ),
            },
            {
              value: "planning",
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconCalendarMonth size={16} aria-hidden />
                  <span>Planning</span>
                </Group>
              ),
            },
          ]}
        />
      </Group>
      {view === "planning" ? <PlanningBoard /> : <MissionList />}
    </Stack>
  );
}
