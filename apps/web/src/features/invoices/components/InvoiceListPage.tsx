import { formatCurrency, INVOICE_SORT_KEYS, type InvoiceListQuery, type InvoiceStatus } from "@certidesk/shared";
import { Button, Group, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { IconBuildingBank, IconFileSpreadsheet, IconReceipt, IconSearch } from "@tabler/icons-react";
import { Link, useLocation, useNavigate } from "react-router";
import { DateField, PaginatedDataTable, type SortState, useRowSelection } from "../../../components";
import { useSavedViews } from "../../../components/saved-views/use-saved-views";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useListParams } from "../../../lib/list-params";
import { invoiceExportUrl, salesJournalUrl, useInvoices } from "../api/get-invoices";
import { InvoiceBulkActions } from "./InvoiceBulkActions";
import { INVOICE_COLUMNS } from "./invoice-columns";
import { invoiceTitle } from "./invoice-labels";

const PAGE_SIZE = 50;
const DEFAULT_SORT: SortState = { key: "issueDate", direction: "desc" };
const TABS: InvoiceStatus[] = [
  "INVOICE_PREPARE",
  "INVOICE_ISSUED",
  "INVOICE_SEND",
  "INVOICE_PARTIALLY_PAID",
  "INVOICE_PAID",
];
const TAB_LABELS: Partial<Record<InvoiceStatus, string>> = {
  INVOICE_PREPARE: "À facturer",
  INVOICE_ISSUED: "Émises, non envoyées",
  INVOICE_SEND: "Envoyées, non payées",
  INVOICE_PARTIALLY_PAID: "Partiellement payées",
  INVOICE_PAID: "Payées",
};
const ALL = "toutes";

function monthBounds(today = new Date()) {
  const y = today.getFullYear();
  const m = today.getMonth();
  const pad = (n: number) => String(n).padStart(2, "0");
  const last = new Date(y, m + 1, 0).getDate();
  return { from: `${y}-${pad(m + 1)}-01`, to: `${y}-${pad(m + 1)}-${pad(last)}` };
}

/** The client invoices (route /app/facture): status tabs with their totals, search, period, exports. */
export function InvoiceListPage() {
  useBranding("Factures");
  const navigate = useNavigate();
  const list = useListParams({ defaultSort: DEFAULT_SORT, sortKeys: INVOICE_SORT_KEYS });
  const params = new URLSearchParams(useLocation().search);
  const status = TABS.find((s) => s === params.get("statut"));
  const from = params.get("du") ?? "";
  const to = params.get("au") ?? "";
  const query: InvoiceListQuery = {
    page: list.page,
    pageSize: PAGE_SIZE,
    status,
    from: from || undefined,
    to: to || undefined,
    search: list.search,
    sort: (list.sort?.key as InvoiceListQuery["sort"]) ?? "issueDate",
    direction: list.sort?.direction ?? "desc",
  };
  const { data, isFetching } = useInvoices(query);
  const views = useSavedViews({ listKey: "invoices", label: "factures", columns: INVOICE_COLUMNS });
  const totals = data?.totals ?? [];
  const all = totals.reduce((a, t) => ({ count: a.count + t.count, totalTtc: a.totalTtc + t.totalTtc }), {
    count: 0,
    totalTtc: 0,
  });
  const tabLabel = (label: string, t: { count: number; totalTtc: number } | undefined) => (
    <Stack gap={0} align="center">
      <Text size="sm" fw={500}>
        {label} ({t?.count ?? 0})
      </Text>
      <Text size="xs" c="dimmed">
        {formatCurrency(t?.totalTtc ?? 0)}
      </Text>
    </Stack>
  );
  const period = from && to ? { from, to } : monthBounds();
  const selection = useRowSelection({
    rows: data?.items ?? [],
    getId: (r) => r.id,
    getVersion: (r) => r.version,
    rowLabel: (r) => `${invoiceTitle(r)} – ${r.clientName}`,
    total: data?.total ?? 0,
    // A new tab, period or search shows other rows: what was ticked is let go.
    filterKey: JSON.stringify([status, from, to, list.search]),
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Factures
        </Title>
        <Group gap="xs">
          <Button
            component="a"
            href={invoiceExportUrl(query)}
            download
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
          >
            Exporter (XLSX)
          </Button>
          <Button
            component="a"
            href={salesJournalUrl(period.from, period.to)}
            download
            variant="default"
            leftSection={<IconReceipt size={16} />}
          >
            Journal des ventes (CSV)
          </Button>
          <Button
            component={Link}
            to="/app/facture/rapprochement"
            variant="default"
            leftSection={<IconBuildingBank size={16} />}
          >
            Rapprochement bancaire et FEC
          </Button>
        </Group>
      </Group>
      {views.bar}
      <Tabs
        value={status ?? ALL}
        onChange={(v) => list.update({ statut: v && v !== ALL ? v : null, page: null })}
        aria-label="Statut des factures"
      >
        <Tabs.List style={{ overflowX: "auto", flexWrap: "nowrap" }}>
          <Tabs.Tab value={ALL}>{tabLabel("Toutes", all)}</Tabs.Tab>
          {TABS.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {tabLabel(
                TAB_LABELS[s] ?? s,
                totals.find((t) => t.status === s),
              )}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Rechercher"
          placeholder="Numéro, établissement, contrat…"
          leftSection={<IconSearch size={16} />}
          w={{ base: "100%", sm: 300 }}
          value={list.searchText}
          onChange={(e) => list.setSearchText(e.currentTarget.value)}
        />
        <DateField label="Du" w={160} value={from} onChange={(v) => list.update({ du: v || null, page: null })} />
        <DateField label="Au" w={160} value={to} onChange={(v) => list.update({ au: v || null, page: null })} />
      </Group>
      <InvoiceBulkActions selection={selection} query={query} />
      <PaginatedDataTable
        aria-label="Liste des factures"
        selection={selection.table}
        columns={views.columns}
        rows={data?.items ?? []}
        getRowKey={(r) => r.id}
        loading={isFetching && !data}
        emptyText="Aucune facture ne correspond à ces critères."
        sort={list.sort}
        onSortChange={list.setSort}
        onRowClick={(r) => navigate(`/app/facture/${r.id}`)}
        onAction={(_code, r) => navigate(`/app/facture/${r.id}`)}
        totalItems={data?.total ?? 0}
        itemsPerPage={PAGE_SIZE}
        currentPage={list.page}
        onPageChange={list.setPage}
        maxHeight="calc(100vh - 380px)"
        estimatedRowHeight={53}
      />
      <Text size="sm" c="dimmed">
        {data?.total ?? 0} facture(s) — le journal des ventes porte sur{" "}
        {from && to ? "la période choisie" : "le mois en cours"}.
      </Text>
    </Stack>
  );
}
