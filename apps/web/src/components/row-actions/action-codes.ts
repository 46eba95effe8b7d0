import { type DateInput, isBeforeToday } from "@certidesk/shared";

/** Row action codes of the spec (§6), emitted as they are to the screens. */
export const ROW_ACTION_CODES = {
  SEND_MAIL: "SEND_MAIL",
  CONFIRM: "CONFIRM",
  COMMENT: "COMMENT",
  VIEW: "View",
  EDIT: "EDIT",
  HISTORY: "HISTORY",
  DELETE: "DELETE",
  MAIL_LIST: "MAIL_LIST",
} as const;

export type RowActionCode = (typeof ROW_ACTION_CODES)[keyof typeof ROW_ACTION_CODES];

export const ALL_ROW_ACTIONS: readonly RowActionCode[] = Object.values(ROW_ACTION_CODES);

/** Alerts of this type cannot be deleted: the missing satisfaction return must be dealt with. */
export const ALERT_TYPE_PERFORMANCE_WITHOUT_SATISFACTION = "performance-not-exist-satisfaction-while-audit-date-past";

export type ActionButtonType = "info" | "warning";

/** The row fields that decide which actions show (spec §3 "Row flags"). */
export interface RowActionFlags {
  isRemovable?: boolean | null;
  isChangable?: boolean | null;
  isSendSatisfactionToAuditor?: boolean | null;
  alertType?: string | null;
  dateRelance?: DateInput;
}

export interface RowActionState {
  code: RowActionCode;
  label: string;
  /** Shown but refused, with a not-allowed cursor and a tooltip saying why. */
  blocked: boolean;
  type?: ActionButtonType;
}

/** Comment button: 'warning' once the follow-up date is past, else 'info' (spec §4). */
export function commentButtonType(dateRelance: DateInput, now: Date = new Date()): ActionButtonType {
  return isBeforeToday(dateRelance, now) ? "warning" : "info";
}

function isVisible(code: RowActionCode, row: RowActionFlags): boolean {
  switch (code) {
    case "CONFIRM":
      return row.isRemovable === true;
    case "COMMENT":
      return row.isRemovable !== true;
    case "DELETE":
      return row.alertType !== ALERT_TYPE_PERFORMANCE_WITHOUT_SATISFACTION;
    default:
      return true;
  }
}

function stateOf(code: RowActionCode, row: RowActionFlags, now: Date): RowActionState {
  switch (code) {
    // Writing to the row's client; the satisfaction questionnaire has its own button (Performances page).
    case "SEND_MAIL":
      return { code, label: "Envoyer un e-mail", blocked: false };
    case "CONFIRM":
      return { code, label: "Confirmer", blocked: false };
    case "COMMENT": {
      const type = commentButtonType(row.dateRelance, now);
      const label = type === "warning" ? "Commenter (relance en retard)" : "Commenter";
      return { code, label, blocked: false, type };
    }
    case "View":
      return { code, label: "Voir", blocked: false };
    case "EDIT":
      return row.isChangable === false
        ? { code, label: "Modification impossible", blocked: true }
        : { code, label: "Modifier", blocked: false };
    case "HISTORY":
      return { code, label: "Historique", blocked: false };
    case "DELETE":
      return { code, label: "Supprimer", blocked: false };
    case "MAIL_LIST":
      return { code, label: "Liste des e-mails", blocked: false };
  }
}

/** Which actions a row shows, in the order asked for, and in what state. */
export function resolveRowActions(
  codes: readonly RowActionCode[],
  row: RowActionFlags,
  now: Date = new Date(),
): RowActionState[] {
  return codes.filter((code) => isVisible(code, row)).map((code) => stateOf(code, row, now));
}
