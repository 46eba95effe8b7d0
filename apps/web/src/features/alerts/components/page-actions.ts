import type { AlertPageCode, AlertRow } from "@certidesk/shared";
import { ACTION_STATUS, type ActionListEntry, type RowActionCode } from "../../../components";

/** The icon actions of every alert row, in display order; the row's flags hide or block some (spec §6). */
export const ALERT_ROW_ACTIONS: readonly RowActionCode[] = ["CONFIRM", "COMMENT", "EDIT", "HISTORY", "DELETE"];

/** The codes of the action-list popup's entries (besides the spec's row action codes). */
export const MENU_CODES = {
  OPEN: "OPEN",
  SEND_SATISFACTION: "SEND_SATISFACTION",
  MARK_HANDLED: "MARK_HANDLED",
  ARCHIVE: "ARCHIVE",
} as const;
export type MenuCode = (typeof MENU_CODES)[keyof typeof MENU_CODES];

/** Pages whose alerts can be archived (spec §4: archive performance, link-of-interest). */
const ARCHIVABLE: readonly AlertPageCode[] = ["ALERT_PERFORMANCE", "ALERT_LIEN"];

/**
 * The action-list popup of a row: "Actions" are the work itself (open the record, send the
 * questionnaire); "Actions rétroactives" record work already done outside the application.
 */
export function menuEntries(row: AlertRow, satisfactionSent: boolean) {
  // On a satisfaction row the action to take ("Envoyer aux évaluateurs") is the send entry's; the
  // open entry says it opens, so two entries never share a title while doing different things.
  const actions: ActionListEntry[] = [
    row.isSendSatisfactionToAuditor
      ? {
          code: MENU_CODES.OPEN,
          label: "Ouvrir la satisfaction de la mission",
          subLabel: "Onglet Performance : les réponses de l'établissement",
          status: ACTION_STATUS.ACTIVE,
        }
      : {
          code: MENU_CODES.OPEN,
          label: row.formattedActionMener,
          subLabel: row.actionMenerDescription,
          status: ACTION_STATUS.ACTIVE,
        },
  ];
  if (row.isSendSatisfactionToAuditor) {
    actions.push({
      code: MENU_CODES.SEND_SATISFACTION,
      label: "Envoyer les réponses aux évaluateurs",
      subLabel: satisfactionSent ? "Questionnaire déjà envoyé" : "Le questionnaire de satisfaction de la mission",
      status: satisfactionSent ? ACTION_STATUS.INACTIVE : ACTION_STATUS.ACTIVE,
    });
  }
  // SEND_MAIL and MAIL_LIST (spec §6) live here rather than as icons: the row stays narrow enough.
  const named = Boolean(row.raisonSocial);
  actions.push(
    {
      code: "SEND_MAIL",
      label: "Envoyer un e-mail",
      subLabel: named ? `À ${row.raisonSocial}` : "Aucun établissement sur cette alerte",
      status: named ? ACTION_STATUS.ACTIVE : ACTION_STATUS.INACTIVE,
    },
    {
      code: "MAIL_LIST",
      label: "Liste des e-mails",
      subLabel: named ? "Les e-mails de l'établissement" : undefined,
      status: named ? ACTION_STATUS.ACTIVE : ACTION_STATUS.INACTIVE,
    },
  );
  const retroactive: ActionListEntry[] = [];
  if (row.page === "ALERT_DEMAND") {
    retroactive.push({
      code: MENU_CODES.MARK_HANDLED,
      label: "Marquer la demande comme traitée",
      subLabel: "Elle a été prise en charge hors de l'application",
      status: ACTION_STATUS.ACTIVE,
    });
  }
  if (ARCHIVABLE.includes(row.page)) {
    retroactive.push({
      code: MENU_CODES.ARCHIVE,
      label: "Archiver l'alerte",
      subLabel: "Le cas a été réglé ; l'alerte reste dans l'historique",
      status: ACTION_STATUS.ACTIVE,
    });
  }
  return { actions, retroactive };
}

/** The mail screens of the row's client: the outbox searched on its name. */
export const mailListLink = (row: AlertRow) => `/app/mail?q=${encodeURIComponent(row.raisonSocial ?? "")}`;
/** The composer opened on the mail screen, the client searched by name. */
export const sendMailLink = (row: AlertRow) =>
  `/app/mail?ecrire=1&client=${encodeURIComponent(row.raisonSocial ?? "")}`;
