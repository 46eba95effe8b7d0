import { z } from "zod";
import { BULK_MAX_ROWS } from "./bulk.js";
import { pageResultSchema } from "./common.js";

/** A calendar day as the API exchanges it, YYYY-MM-DD. */
const isoDateSchema = z.iso.date();

/**
 * The alert pages (spec section 2, module Alertes): the staff's landing page is one tab per page,
 * each a list of work to do now. `apiName` is the suffix of the spec's calls
 * (`GET /api/alerts/getAlert{apiName}` and `…Count`); Feb and Dates have no call in the spec, so
 * theirs follow the same pattern.
 */
export const ALERT_PAGES = [
  { code: "ALERT_DEMAND", key: "alert-demandes", label: "Demandes", apiName: "Demandes" },
  { code: "ALERT_FEB", key: "alert-feb", label: "Feb", apiName: "Feb" },
  { code: "ALERT_EVALUATEUR", key: "alert-auditor", label: "Evaluateurs", apiName: "Evaluateur" },
  { code: "ALERT_LIEN", key: "alert-linkinterest", label: "Liens", apiName: "Linkinterest" },
  { code: "ALERT_PLANIFICATION", key: "alert-planification", label: "Planifications", apiName: "Planification" },
  { code: "ALERT_DATE", key: "alert-date", label: "Dates", apiName: "Date" },
  { code: "ALERT_MISSION", key: "alert-mission", label: "Missions", apiName: "Mission" },
  { code: "ALERT_PERFORMANCE", key: "alert-performance", label: "Performances", apiName: "Performance" },
  { code: "ALERT_FACTURE", key: "alert-facture", label: "Factures", apiName: "Facture" },
] as const;
export type AlertPage = (typeof ALERT_PAGES)[number];
export type AlertPageCode = AlertPage["code"];
export const ALERT_PAGE_CODES = ALERT_PAGES.map((p) => p.code) as [AlertPageCode, ...AlertPageCode[]];
export const alertPageCodeSchema = z.enum(ALERT_PAGE_CODES);

/** The alert type whose DELETE action is hidden (spec section 6). */
export const PERFORMANCE_WITHOUT_SATISFACTION_TYPE = "performance-not-exist-satisfaction-while-audit-date-past";

/** The row action codes of the spec (section 6) and the confirm popup's codes (section 2). */
export const ALERT_ACTION_CODES = [
  "SEND_MAIL",
  "CONFIRM",
  "COMMENT",
  "View",
  "EDIT",
  "HISTORY",
  "DELETE",
  "MAIL_LIST",
] as const;
export type AlertActionCode = (typeof ALERT_ACTION_CODES)[number];
export const CONFIRM_REMOVE_ALERT = "REMOVE_ALERT";
export const CONFIRM_MOVE_TO_PROSPECT = "MOVE_TO_PROSPECT";

/**
 * One alert row: a current case found by a rule's SQL, under the spec's field names.
 * `id` is stable: `${alertType}:${recordId}`, the key every action is stored against.
 */
export const alertRowSchema = z.object({
  id: z.string(),
  /** The rule's code (kebab-case, e.g. "mission-order-refused"). */
  alertType: z.string(),
  page: alertPageCodeSchema,
  alertTitle: z.object({ title: z.string(), description: z.string() }),
  formattedTitle: z.string(),
  formattedDescription: z.string(),
  /** The action to carry out: a code, its French label, a sentence. */
  actionMener: z.string(),
  formattedActionMener: z.string(),
  actionMenerDescription: z.string(),
  /** The value the rule measures ("12 jours de retard", a date…); "Aucun" when empty. */
  displayValue: z.string(),
  /** The client (or request) concerned. */
  raisonSocial: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** The date that makes the case due, YYYY-MM-DD. */
  dueDate: isoDateSchema.nullable(),
  /** Follow-up date: the alert's own postponement when set, else the record's dateRelance. */
  dateRelance: isoDateSchema.nullable(),
  /** The screen where the work is done (an /app/… path). */
  link: z.string(),
  isChangable: z.boolean(),
  isRemovable: z.boolean(),
  isSendSatisfactionToAuditor: z.boolean(),
  /** How many comments users left on this alert. */
  commentCount: z.number().int(),
});
export type AlertRow = z.infer<typeof alertRowSchema>;

export const alertListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(1000),
  search: z.string().max(200).optional(),
  /** Only this rule's rows. */
  alertType: z.string().max(100).optional(),
});
export type AlertListQuery = z.infer<typeof alertListQuerySchema>;
export const alertListSchema = pageResultSchema(alertRowSchema);
export type AlertList = z.infer<typeof alertListSchema>;
export const alertCountSchema = z.object({ count: z.number().int() });

/** Every page the actor may see with its count: the landing page's tabs. */
export const alertPageSummarySchema = z.object({
  code: alertPageCodeSchema,
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  /** The page's alert types the actor sees, with their counts: the page's "Type d'alerte" filter. */
  types: z.array(z.object({ alertType: z.string(), title: z.string(), count: z.number().int() })),
});
export const alertSummarySchema = z.array(alertPageSummarySchema);
export type AlertPageSummary = z.infer<typeof alertPageSummarySchema>;

/** Bodies of the action calls (`POST /api/alerts/…`); each answers `{ ok: true }`. */
export const alertIdBodySchema = z.object({ id: z.string().min(3).max(200) });
export const saveAlertDateBodySchema = alertIdBodySchema.extend({ date: isoDateSchema });
/** A bulk action on alerts: the ticked alerts' keys (alerts are computed: no version, no filter selection). */
export const alertBulkBodySchema = z.object({
  ids: z
    .array(alertIdBodySchema.shape.id)
    .min(1, "Choisissez au moins une alerte.")
    .max(BULK_MAX_ROWS, `Une action groupée porte sur ${BULK_MAX_ROWS} alertes au plus : réduisez la sélection.`),
});
export const alertBulkPostponeBodySchema = alertBulkBodySchema.extend({ date: isoDateSchema });
export const alertCommentBodySchema = alertIdBodySchema.extend({
  text: z.string().trim().min(1, "Le commentaire est vide.").max(2000, "2 000 caractères au plus."),
});
export const updateAlertDemandesBodySchema = alertIdBodySchema.extend({
  /** Mark the request handled (it leaves the list), or add a comment, or both. */
  handled: z.boolean().optional(),
  comment: z.string().trim().max(2000).optional(),
});

/** One entry of an alert's HISTORY: what someone did to it, or when it appeared. */
export const alertHistoryEntrySchema = z.object({
  at: z.string(),
  action: z.enum(["REMOVED", "ARCHIVED", "CONFIRMED", "COMMENTED", "POSTPONED", "HANDLED", "SATISFACTION_SENT"]),
  actorName: z.string(),
  text: z.string().nullable(),
  date: isoDateSchema.nullable(),
});
export const alertHistorySchema = z.array(alertHistoryEntrySchema);
export type AlertHistoryEntry = z.infer<typeof alertHistoryEntrySchema>;

/** Settings › Alertes: one row per rule with a threshold (in days); `version` 0 = never saved (the default applies). */
export const alertSettingSchema = z.object({
  code: z.string(),
  page: alertPageCodeSchema,
  title: z.string(),
  /** What the days count ("Jours après l'envoi du devis"). */
  label: z.string(),
  days: z.number().int(),
  default: z.number().int(),
  version: z.number().int(),
});
export const alertSettingsSchema = z.array(alertSettingSchema);
export type AlertSetting = z.infer<typeof alertSettingSchema>;
export const updateAlertSettingBodySchema = z.object({
  code: z.string().min(1).max(100),
  days: z.coerce
    .number({ error: "Indiquez un nombre de jours." })
    .int("Un nombre entier de jours.")
    .min(0, "0 jour au moins.")
    .max(3650, "3 650 jours au plus."),
  /** The version read (0 when the default was shown). */
  version: z.number().int().min(0),
});
export type UpdateAlertSettingBody = z.infer<typeof updateAlertSettingBodySchema>;
