import {
  CLIENT_LIST_FILTER_LABELS,
  CLIENT_LIST_FILTERS,
  CLIENT_SORT_KEYS,
  type ClientListBody,
  type ClientListFilter,
  type ClientRow,
  type ClientSortKey,
} from "@certidesk/shared";
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconFileSpreadsheet, IconPlus, IconSearch } from "@tabler/icons-react";
import { Link, useLocation, useNavigate } from "react-router";
import { PaginatedDataTable } from "../../../components";
import { useSavedViews } from "../../../components/saved-views/use-saved-views";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useListParams } from "../../../lib/list-params";
import { clientExportUrl, useClientList } from "../api/get-client-list";
import { CLIENT_COLUMNS } from "./client-columns";

const PAGE_SIZE = 50;
const DEFAULT_SORT = { key: "raisonSocial", direction: "asc" } as const;
const isFilter = (v: string | null): v is ClientListFilter =>
  (CLIENT_LIST_FILTERS as readonly string[]).includes(v ?? "");

/** The client list (route /app/client): ESSMS under contract, filtered, searched, sorted and paged by the server. */
export function ClientListPage() {
  useBranding("Clients");
  const navigate = useNavigate();
  const { can } = useCan();
  const phone = useMediaQuery("(max-width: 48em)") ?? false;
  const list = useListParams({ defaultSort: DEFAULT_SORT, sortKeys: CLIENT_SORT_KEYS });
  const { sort, page } = list;
  const filterParam = new URLSearchParams(useLocation().search).get("filtre");
  const filter: ClientListFilter = isFilter(filterParam) ? filterParam : "all";
  const body: ClientListBody = {
    filter,
    search: list.search,
    page,
    pageSize: PAGE_SIZE,
    sort: sort ? { key: sort.key as ClientSortKey, direction: sort.direction } : null,
  };
  const { data, isFetching, isError, error } = useClientList(body);
  const views = useSavedViews({ listKey: "clients", label: "clients", columns: CLIENT_COLUMNS });
  const open = (row: ClientRow) => navigate(`/app/timeline-client/${row.id}`);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Clients
        </Title>
        <Group>
          <Button
            component="a"
            href={clientExportUrl(body)}
            download
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
          >
            Exporter (XLSX)
          </Button>
          {can("NOUVEAU", "create") && (
            <Button component={Link} to="/app/nouveau" leftSection={<IconPlus size={16} />}>
              Nouveau client
            </Button>
          )}
        </Group>
      </Group>
      {views.bar}
      <Group align="flex-end" justify="space-between">
        <SegmentedControl
          aria-label="Filtre des clients"
          orientation={phone ? "vertical" : "horizontal"}
          fullWidth={phone}
          style={phone ? { flex: "1 1 100%" } : undefined}
          value={filter}
          onChange={(v) => list.update({ filtre: v === "all" ? null : v, page: null })}
          data={CLIENT_LIST_FILTERS.map((f) => ({ value: f, label: CLIENT_LIST_FILTER_LABELS[f] }))}
        />
        <TextInput
          aria-label="Rechercher un client"
          placeholder="Nom, ville, FINESS, gestionnaire…"
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
        aria-label="Liste des clients"
        columns={views.columns}
        rows={data?.items ?? []}
        getRowKey={(row) => row.id}
        loading={isFetching && !data}
        emptyText="Aucun client ne correspond à ces critères."
        sort={sort}
        onSortChange={list.setSort}
        onRowClick={open}
        onAction={(_code, row) => open(row)}
        totalItems={data?.total ?? 0}
        itemsPerPage={PAGE_SIZE}
        currentPage={page}
        onPageChange={list.setPage}
        maxHeight="calc(100vh - 320px)"
        estimatedRowHeight={53}
      />
      <Text size="sm" c="dimmed">
        {data?.total ?? 0} établissement(s) client(s)
      </Text>
    </Stack>
  );
}
