import { useLocation, useNavigate } from "react-router";
import { useCan } from "../../lib/can";
import type { DataTableColumn } from "../data-table/types";
import type { ColumnChoice } from "./ColumnsControl";
import { SavedViewsBar } from "./SavedViewsBar";
import { useSavedViewList } from "./saved-views-api";
import {
  applyColumns,
  COLUMNS_PARAM,
  columnChoices,
  columnsParam,
  isChoosable,
  readColumns,
  showsView,
  viewAddress,
  viewQuery,
} from "./view-address";

export interface SavedViewsOptions<Row> {
  /** The list's key for its views ("clients"). */
  listKey: string;
  /** How the list calls itself in labels ("clients"). */
  label: string;
  columns: DataTableColumn<Row>[];
  /** The list's page-number parameter, left out of a view ("numero" for the alerts; "page" by default). */
  pageParam?: string;
}

/**
 * A list's saved views, columns and reset, from its address: `bar` goes above the list, `columns` (chosen,
 * in order) to its DataTable. The filters, sort and search stay the list's own (useListParams and its filter
 * parameters); a view is only an address the list already understands, plus `colonnes`.
 */
export function useSavedViews<Row>({ listKey, label, columns, pageParam }: SavedViewsOptions<Row>) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { can } = useCan();
  const views = useSavedViewList(listKey).data ?? [];
  const params = new URLSearchParams(search);
  const chosen = readColumns(params);
  const current = { query: viewQuery(search, pageParam), columns: chosen };
  const go = (address: string) => navigate({ search: address }, { replace: true });
  const defaultOrder = columns.filter(isChoosable).map((c) => c.key);

  const onColumnsChange = (choices: ColumnChoice[]) => {
    const value = columnsParam(choices, defaultOrder);
    if (value) params.set(COLUMNS_PARAM, value);
    else params.delete(COLUMNS_PARAM);
    const out = params.toString();
    go(out ? `?${out}` : "");
  };
  const activeTab =
    !current.query && !chosen ? "all" : (views.find((v) => showsView(search, v, pageParam))?.id ?? null);

  return {
    columns: applyColumns(columns, chosen),
    bar: (
      <SavedViewsBar
        listKey={listKey}
        label={label}
        views={views}
        activeTab={activeTab}
        onOpenAll={() => go("")}
        onOpenView={(view) => go(viewAddress(view.query, view.columns))}
        current={current}
        changed={params.size > 0}
        onReset={() => go("")}
        choices={columnChoices(columns, params)}
        onColumnsChange={onColumnsChange}
        mayShare={can("SETTING", "update")}
      />
    ),
  };
}
