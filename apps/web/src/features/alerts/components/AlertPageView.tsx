import type { AlertPage, AlertPageSummary, AlertRow } from "@certidesk/shared";
import { Alert, Group, Select, Text, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { PaginatedDataTable, useRowSelection } from "../../../components";
import { useSavedViews } from "../../../components/saved-views/use-saved-views";
import { errorMessage } from "../../../lib/api-client";
import { useAddressText } from "../../../lib/list-params";
import { useAlertList } from "../api/get-alert-list";
import { AlertActionsCell } from "./AlertActionsCell";
import { AlertBulkActions } from "./AlertBulkActions";
import type { AlertAddress } from "./alert-address";
import { alertColumns } from "./alert-columns";
import { useAlertActions } from "./use-alert-actions";

export const ALERT_PAGE_SIZE = 50;
export const EMPTY_ALERTS_TEXT = "Aucune alerte sur cette page.";

export interface AlertPageViewProps {
  page: AlertPage;
  /** The page's alert types (from the summary), offered by the type filter. */
  types: AlertPageSummary["types"];
  address: AlertAddress;
  onAddressChange: (change: Partial<AlertAddress>) => void;
}

/** One alert page: its search and type filter (in the address), its rows paged by the server, their actions. */
export function AlertPageView({ page, types, address, onAddressChange }: AlertPageViewProps) {
  const navigate = useNavigate();
  const { onAction, dialogs, sent } = useAlertActions();
  const query = {
    page: address.pageNumber,
    pageSize: ALERT_PAGE_SIZE,
    search: address.search || undefined,
    alertType: address.alertType || undefined,
  };
  const { data, isFetching, isError, error } = useAlertList(page.apiName, query);
  const { text: searchText, setText: setSearchText, committed } = useAddressText(address.search);
  const pushSearch = useDebouncedCallback((text: string) => {
    committed.current = text.trim();
    onAddressChange({ search: text.trim(), pageNumber: 1 });
  }, 300);

  const typeOptions = types.map((t) => ({ value: t.alertType, label: `${t.title} (${t.count})` }));

  const columns = useMemo(
    () =>
      alertColumns(
        (row: AlertRow) => <AlertActionsCell row={row} onAction={onAction} satisfactionSent={sent.has(row.id)} />,
        page.code === "ALERT_PERFORMANCE",
      ),
    [onAction, sent, page.code],
  );
  const views = useSavedViews({ listKey: "alerts", label: "alertes", columns, pageParam: "numero" });

  const rows = data?.items ?? [];
  const selection = useRowSelection({
    rows,
    getId: (r) => r.id,
    getVersion: () => 0,
    rowLabel: (r) => `l'alerte ${r.formattedTitle} – ${r.raisonSocial ?? ""}`,
    total: data?.total ?? 0,
    filterKey: JSON.stringify([page.code, address.search, address.alertType]),
  });

  return (
    <>
      {views.bar}
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Recherche"
          placeholder="Établissement, code postal, alerte…"
          leftSection={<IconSearch size={16} />}
          w={{ base: "100%", sm: 320 }}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.currentTarget.value);
            pushSearch(e.currentTarget.value);
          }}
        />
        <Select
          label="Type d'alerte"
          placeholder="Tous les types"
          clearable
          w={{ base: "100%", sm: 320 }}
          data={typeOptions}
          value={address.alertType || null}
          onChange={(v) => onAddressChange({ alertType: v ?? "", pageNumber: 1 })}
        />
      </Group>
      {isError && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <AlertBulkActions selection={selection} rows={rows} />
      <PaginatedDataTable
        aria-label={`Alertes : ${page.label}`}
        columns={views.columns}
        selection={selection.table}
        rows={rows}
        getRowKey={(row) => row.id}
        loading={isFetching && !data}
        emptyText={EMPTY_ALERTS_TEXT}
        onRowClick={(row) => navigate(row.link)}
        totalItems={data?.total ?? 0}
        itemsPerPage={ALERT_PAGE_SIZE}
        currentPage={address.pageNumber}
        onPageChange={(n) => onAddressChange({ pageNumber: n })}
        maxHeight="calc(100vh - 330px)"
        estimatedRowHeight={61}
      />
      <Text size="sm" c="dimmed">
        {data?.total ?? 0} alerte(s)
      </Text>
      {dialogs}
    </>
  );
}
