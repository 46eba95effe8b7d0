import { PROSPECT_SORT_KEYS, type ProspectSortKey } from "@certidesk/shared";
import { Button, Group, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ConfirmPopup, MOVE_TO_PROSPECT, PaginatedDataTable, type SortState } from "../../../components";
import { useSavedViews } from "../../../components/saved-views/use-saved-views";
import { useCan } from "../../../lib/can";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useListParams } from "../../../lib/list-params";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useArchiveRequest } from "../api/archive-request";
import { type ProspectTab, useProspects } from "../api/get-prospects";
import { useMoveToProspect } from "../api/move-to-prospect";
import { NewRequestModal } from "./NewRequestModal";
import { type ProspectTableRow, prospectColumns, withFlags } from "./prospect-columns";

const PAGE_SIZE = 50;
const TABS: Array<{ value: ProspectTab; label: string }> = [
  { value: "EnCours", label: "En cours" },
  { value: "REFUSE", label: "Refusés" },
  { value: "all", label: "Tous" },
  { value: "ARCHIVE", label: "Archives" },
];
const ARCHIVE = "ARCHIVE";
const DEFAULT_SORT: SortState = { key: "createdAt", direction: "desc" };

/** The prospects (route /app/prospect): requests by type, and the archive. */
export function ProspectListPage() {
  useBranding("Prospects");
  const navigate = useNavigate();
  const { can } = useCan();
  const canUpdate = can("PROSPECT", "update");
  const list = useListParams({ defaultSort: DEFAULT_SORT, sortKeys: PROSPECT_SORT_KEYS });
  const { sort, page } = list;
  const params = new URLSearchParams(useLocation().search);
  const typeParam = params.get("type");
  const tab = (TABS.find((t) => t.value === typeParam)?.value ?? "EnCours") as ProspectTab;
  const [creating, setCreating] = useState(false);
  // `?nouvelle=1` (the command bar's "Nouvelle demande"): the form opens, and the address forgets it.
  const askedNew = params.get("nouvelle") === "1";
  const canCreate = can("PROSPECT", "create");
  useEffect(() => {
    if (!askedNew) return;
    if (canCreate) setCreating(true);
    list.update({ nouvelle: null });
  }, [askedNew, canCreate, list.update]);
  const [confirming, setConfirming] = useState<ProspectTableRow | null>(null);
  const archive = useArchiveRequest();
  const restore = useMoveToProspect();
  const query = {
    search: list.search,
    page,
    pageSize: PAGE_SIZE,
    sortKey: sort?.key as ProspectSortKey | undefined,
    direction: sort?.direction,
  };
  const { data, isFetching } = useProspects(tab, query);
  const rows = useMemo(() => (data?.items ?? []).map(withFlags), [data]);
  const columns = useMemo(
    () => prospectColumns(canUpdate ? ["CONFIRM", "COMMENT", "View"] : ["COMMENT", "View"]),
    [canUpdate],
  );
  const views = useSavedViews({ listKey: "prospects", label: "prospects", columns: columns });
  const open = (row: ProspectTableRow) => navigate(`/app/timeline-prospect/${row.id}`);

  async function onConfirm(code: string) {
    const row = confirming;
    setConfirming(null);
    if (!row) return;
    if (code === MOVE_TO_PROSPECT)
      await restore
        .mutateAsync({ id: row.id, version: row.version })
        .then(() => notifySaved(`${row.reference} est de nouveau parmi les prospects.`), notifyError);
    if (code === ARCHIVE)
      await archive
        .mutateAsync({ id: row.id, version: row.version })
        .then(() => notifySaved(`${row.reference} a été archivée.`), notifyError);
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Prospects
        </Title>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Nouvelle demande
          </Button>
        )}
      </Group>
      {views.bar}
      <Group justify="space-between" align="flex-end">
        <Tabs value={tab} onChange={(v) => list.update({ type: v && v !== "EnCours" ? v : null, page: null })}>
          <Tabs.List>
            {TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <TextInput
          aria-label="Rechercher un prospect"
          placeholder="Référence, établissement, ville, contact…"
          leftSection={<IconSearch size={16} />}
          w={{ base: "100%", sm: 340 }}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.currentTarget.value)}
        />
      </Group>
      <PaginatedDataTable
        aria-label="Liste des prospects"
        columns={views.columns}
        rows={rows}
        getRowKey={(r) => r.id}
        loading={isFetching && !data}
        emptyText="Aucune demande ne correspond à ces critères."
        sort={sort}
        onSortChange={list.setSort}
        onRowClick={open}
        onAction={(code, row) => (code === "CONFIRM" ? setConfirming(row) : open(row))}
        totalItems={data?.total ?? 0}
        itemsPerPage={PAGE_SIZE}
        currentPage={page}
        onPageChange={list.setPage}
        maxHeight="calc(100vh - 320px)"
        estimatedRowHeight={57}
      />
      <Text size="sm" c="dimmed">
        {data?.total ?? 0} demande(s)
      </Text>
      <ConfirmPopup
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={`Demande ${confirming?.reference ?? ""}`}
        text={
          confirming?.archivedAt
            ? "Cette demande est archivée. La repasser en prospect la remet dans la liste, à l'étape qu'elle avait atteinte."
            : "Cette demande est refusée. Vous pouvez l'archiver, ou la repasser en prospect pour reprendre le suivi."
        }
        firstButton={
          confirming?.archivedAt
            ? { label: "Fermer", code: "CLOSE", color: "gray" }
            : { label: "Archiver", code: ARCHIVE, color: "orange" }
        }
        onAction={(code) => void onConfirm(code)}
      />
      <NewRequestModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => navigate(`/app/timeline-prospect/${id}`)}
      />
    </Stack>
  );
}
