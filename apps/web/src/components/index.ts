export {
  ACTION_LIST_WIDTH,
  ACTION_STATUS,
  type ActionListEntry,
  ActionListPopup,
  type ActionListPopupProps,
  type ActionStatus,
} from "./action-list-popup/ActionListPopup";
export { Badges, type BadgesProps } from "./badges/Badges";
export { BulkActionModal, type BulkActionModalProps } from "./bulk-selection/BulkActionModal";
export { BulkBar, type BulkBarProps } from "./bulk-selection/BulkBar";
export {
  type RowSelection,
  type SelectedRow,
  type TableSelection,
  useRowSelection,
} from "./bulk-selection/use-row-selection";
export {
  type ConfirmButton,
  ConfirmPopup,
  type ConfirmPopupProps,
  MOVE_TO_PROSPECT,
  REMOVE_ALERT,
} from "./confirm-popup/ConfirmPopup";
export { OnOffSwitch, type OnOffSwitchProps } from "./controls/OnOffSwitch";
export { RoundIconButton, type RoundIconButtonProps } from "./controls/RoundIconButton";
export { DataTable, type DataTableProps, EMPTY_TABLE_TEXT } from "./data-table/DataTable";
export { PaginatedDataTable, type PaginatedDataTableProps } from "./data-table/PaginatedDataTable";
export { normalizeSearchText } from "./data-table/search";
export { ariaSort, nextSort, sortRows } from "./data-table/sort";
export {
  type CellClickEvent,
  type DataTableColumn,
  DEFAULT_ROWS_PER_PAGE,
  DEFAULT_SORT_DIRECTION,
  FIRST_PAGE,
  type SortDirection,
  type SortState,
} from "./data-table/types";
export { DATE_FIELD_FORMAT, DateField, type DateFieldProps } from "./date-field/DateField";
export { DOCUMENT_NAME_MAX_WIDTH, DocumentCell, type DocumentCellProps } from "./document-cell/DocumentCell";
export { type DocumentRef, defaultDocumentViewUrl, openDocument } from "./document-cell/document-url";
export { ErrorSummary, type ErrorSummaryProps } from "./error-summary/ErrorSummary";
export { EvaluatorPicker, type TeamMember } from "./evaluator-picker/EvaluatorPicker";
export { FocusKeeper } from "./focus-keeper/FocusKeeper";
export { FormContent, type FormContentProps, FormModal, type FormModalProps } from "./form-modal/FormModal";
export { LoadingOverlay, type LoadingOverlayProps } from "./loading/LoadingOverlay";
export { LOADING_LABEL, Spinner, type SpinnerProps } from "./loading/Spinner";
export { fromMenu } from "./menu-action/menu-action";
export { NumericInput, type NumericInputProps } from "./numeric-input/NumericInput";
export {
  clampNumeric,
  insertNumeric,
  isAcceptableNumeric,
  type NumericRules,
  sanitizeNumeric,
} from "./numeric-input/sanitize-numeric";
export { Pagination, type PaginationProps } from "./pagination/Pagination";
export { DEFAULT_MAX_PAGE_LINKS, pageItems, SMALL_SCREEN_QUERY } from "./pagination/page-items";
export { PanelBoundary, PanelFailure } from "./panel-boundary/PanelBoundary";
export { ContactFormModal, type ContactTarget } from "./parties/ContactFormModal";
export { EstablishmentFormModal } from "./parties/EstablishmentFormModal";
export { ContactLine, PartyContacts } from "./parties/PartyContacts";
export { ReasonAndConfirm, ReasonModal } from "./reason-modal/ReasonModal";
export {
  type ActionButtonType,
  ALERT_TYPE_PERFORMANCE_WITHOUT_SATISFACTION,
  commentButtonType,
  ROW_ACTION_CODES,
  type RowActionCode,
  type RowActionFlags,
  resolveRowActions,
} from "./row-actions/action-codes";
export { RowActions, type RowActionsProps } from "./row-actions/RowActions";
export { SettingsTab, type SettingsTabProps } from "./settings-tab/SettingsTab";
export { TimelinePanel } from "./timeline/TimelinePanel";
export { type TimelineTarget, useTimeline } from "./timeline/timeline-api";
export { Hint, type HintProps } from "./tooltip/Hint";
export { TooltipHost } from "./tooltip/TooltipHost";
