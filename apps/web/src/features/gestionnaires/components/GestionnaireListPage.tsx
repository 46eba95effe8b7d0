import { formatContact, GESTIONNAIRE_SORT_KEYS, type GestionnaireRow } from "@certidesk/shared";
import { Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { type DataTableColumn, Hint, PaginatedDataTable, type SortState } from "../../../components";
import { useCan } from "../../../lib/can";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useListParams } from "../../../lib/list-params";
import { useGestionnaires } from "../api/gestionnaires";
import { GestionnaireFormModal } from "./GestionnaireFormModal";

const PAGE_SIZE = 50;
const DEFAULT_SORT: SortState = { key: "raisonSocial", direction: "asc" };
const COLUMNS: DataTableColumn<GestionnaireRow>[] = [
  { key: "raisonSocial", title: "Organisme gestionnaire", sortable: true, weight: "bold" },
  {
    key: "city",
    priority: 2,
    title: "Ville",
    width: 170,
    sortable: true,
    render: (r) => [r.postalCode, r.city].filter(Boolean).join(" ") || "—",
  },
  {
    key: "contactName",
    priority: 2,
    title: "Contact",
    width: 200,
    render: (r) =>
      r.contact ? (
        <Hint label={formatContact(r.contact)}>
          <Text size="sm" component="span">
            {r.contactName}
          </Text>
        </Hint>
      ) : (
        "—"
      ),
  },
  { key: "legalEntities", priority: 3, title: "Entités juridiques", width: 130, align: "center" },
  { key: "establishments", priority: 1, title: "ESSMS", width: 90, align: "center", sortable: true },
  { key: "clients", priority: 3, title: "Clients", width: 90, align: "center" },
  { key: "createdAt", priority: 3, title: "Créé le", width: 110, sortable: true },
];

/** The managing organisations (route /app/gestionnaire). */
export function GestionnaireListPage() {
  useBranding("Gestionnaires");
  const navigate = useNavigate();
  const { can } = useCan();
  const list = useListParams({ defaultSort: DEFAULT_SORT, sortKeys: GESTIONNAIRE_SORT_KEYS });
  const { sort, page } = list;
  const [creating, setCreating] = useState(false);
  const query = {
    search: list.search,
    page,
    pageSize: PAGE_SIZE,
    sortKey: (sort?.key ?? "raisonSocial") as (typeof GESTIONNAIRE_SORT_KEYS)[number],
    direction: sort?.direction ?? "asc",
  };
  const { data, isFetching } = useGestionnaires(query);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Gestionnaires
        </Title>
        {can("GESTIONNAIRE", "create") && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Nouveau gestionnaire
          </Button>
        )}
      </Group>
      <TextInput
        aria-label="Rechercher un gestionnaire"
        placeholder="Raison sociale, ville, SIREN"
        leftSection={<IconSearch size={16} />}
        w={{ base: "100%", sm: 360 }}
        value={list.searchText}
        onChange={(e) => list.setSearchText(e.currentTarget.value)}
      />
      <PaginatedDataTable
        aria-label="Liste des gestionnaires"
        columns={COLUMNS}
        rows={data?.items ?? []}
        getRowKey={(r) => r.id}
        loading={isFetching && !data}
        emptyText="Aucun gestionnaire ne correspond à la recherche."
        sort={sort}
        onSortChange={list.setSort}
        onRowClick={(r) => navigate(`/app/gestionnaire/${r.id}`)}
        totalItems={data?.total ?? 0}
        itemsPerPage={PAGE_SIZE}
        currentPage={page}
        onPageChange={list.setPage}
      />
      <Text size="sm" c="dimmed">
        {data?.total ?? 0} gestionnaire(s)
      </Text>
      <GestionnaireFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => navigate(`/app/gestionnaire/${id}`)}
      />
    </Stack>
  );
}
