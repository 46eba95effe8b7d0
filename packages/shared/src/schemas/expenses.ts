import { z } from "zod";
import { safeText, typeError } from "../text.js";
import { idSchema, versionSchema } from "./common.js";
import { positiveCents } from "./money.js";

const isoDate = (label: string) => z.iso.date({ error: `${label} : date invalide.` });
const cents = (label: string) => positiveCents(label, 100_000_000);

/** Expenses an evaluator declares per mission (domain.md "Money"). */
export const EXPENSE_KINDS = ["TRANSPORT", "LODGING", "MEAL"] as const;
export type ExpenseKind = (typeof EXPENSE_KINDS)[number];
export const EXPENSE_KIND_LABELS: Record<ExpenseKind, string> = {
  TRANSPORT: "Transport",
  LODGING: "Hébergement",
  MEAL: "Repas",
};

export const TRANSPORT_MODES = ["CAR", "TRAIN", "PLANE", "PUBLIC_TRANSPORT", "TAXI", "OTHER"] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];
export const TRANSPORT_MODE_LABELS: Record<TransportMode, string> = {
  CAR: "Voiture personnelle (indemnités kilométriques)",
  TRAIN: "Train",
  PLANE: "Avion",
  PUBLIC_TRANSPORT: "Transports en commun",
  TAXI: "Taxi",
  OTHER: "Autre",
};

/** SUBMITTED → APPROVED → REIMBURSED, or SUBMITTED → REJECTED (with a reason). */
export const EXPENSE_STATUSES = ["SUBMITTED", "APPROVED", "REJECTED", "REIMBURSED"] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const EXPENSE_STATUS_LABELS: Record<ExpenseStatus, string> = {
  SUBMITTED: "À valider",
  APPROVED: "Validée",
  REJECTED: "Refusée",
  REIMBURSED: "Remboursée",
};

/** A car's kilometres at the configured rate (euros per km, e.g. 0.603), in cents, rounded half up. */
export function mileageCents(kilometres: number, ratePerKm: number): number {
  return Math.round(kilometres * ratePerKm * 100 + Number.EPSILON);
}

/**
 * POST /api/missions/{id}/expenses (the `expense` field of the multipart request, with the receipt
 * as its file) and PUT /api/expenses/{id}. Amounts in cents; a car's amount is computed by the
 * server from its kilometres at the rate of the Settings.
 */
export const expenseBodySchema = z
  .object({
    kind: z.enum(EXPENSE_KINDS, { error: "Choisissez la nature de la dépense." }),
    date: isoDate("Date de la dépense"),
    description: safeText().trim().max(300, "300 caractères au plus.").optional().default(""),
    transportMode: z.enum(TRANSPORT_MODES, { error: "Mode de transport inconnu." }).nullable().optional(),
    fareClassId: idSchema.nullable().optional(),
    kilometres: z
      .number({ error: typeError("Indiquez les kilomètres.") })
      .positive("Les kilomètres doivent être positifs.")
      .max(10_000, "10 000 km au plus.")
      .nullable()
      .optional(),
    amountCents: cents("Le montant").nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "TRANSPORT" && !v.transportMode)
      ctx.addIssue({ code: "custom", path: ["transportMode"], message: "Choisissez le mode de transport." });
    const car = v.kind === "TRANSPORT" && v.transportMode === "CAR";
    if (car && !v.kilometres)
      ctx.addIssue({ code: "custom", path: ["kilometres"], message: "Indiquez les kilomètres parcourus." });
    if (!car && !v.amountCents)
      ctx.addIssue({ code: "custom", path: ["amountCents"], message: "Indiquez le montant." });
  });
export type ExpenseBody = z.input<typeof expenseBodySchema>;
export const updateExpenseBodySchema = z.intersection(expenseBodySchema, z.object({ version: versionSchema }));

export const rejectExpenseBodySchema = z.object({
  reason: safeText().trim().min(3, "Indiquez le motif du refus.").max(500, "500 caractères au plus."),
  version: versionSchema,
});
export const reimburseExpenseBodySchema = z.object({
  date: isoDate("Date du remboursement"),
  version: versionSchema,
});
export const expenseVersionBodySchema = z.object({ version: versionSchema });

const documentLink = z.object({ id: z.string(), name: z.string(), url: z.string() }).nullable();

export const expenseSchema = z.object({
  id: z.string(),
  missionId: z.string(),
  missionLabel: z.string(),
  clientId: z.string(),
  auditorId: z.string(),
  auditorName: z.string(),
  kind: z.enum(EXPENSE_KINDS),
  date: z.string(),
  description: z.string(),
  transportMode: z.enum(TRANSPORT_MODES).nullable(),
  fareClassId: z.string().nullable(),
  fareClassName: z.string().nullable(),
  kilometres: z.number().nullable(),
  kmRate: z.number().nullable(),
  amountCents: z.number().int(),
  receipt: documentLink,
  status: z.enum(EXPENSE_STATUSES),
  rejectionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  reimbursedOn: z.string().nullable(),
  /** The client invoice that rebills it ("frais en sus"): a draft has no number yet. Null = not billed. */
  rebilledInvoice: z.object({ id: z.string(), number: z.string().nullable() }).nullable(),
  /** Why its date deserves a look (outside the mission's dates beyond the margin), or null. */
  dateWarning: z.string().nullable(),
  abilities: z.object({ update: z.boolean(), decide: z.boolean(), reimburse: z.boolean() }),
  version: z.number().int(),
});
export type Expense = z.infer<typeof expenseSchema>;

/** GET /api/missions/{id}/expenses: the lines the actor may see, totals per status, the km rate. */
export const missionExpensesSchema = z.object({
  items: z.array(expenseSchema),
  totals: z.record(z.enum(EXPENSE_STATUSES), z.number().int()),
  kmRate: z.number(),
  /** The actor may declare an expense on this mission (an evaluator of its team). */
  canDeclare: z.boolean(),
  /** The contract rebills approved expenses to the client ("frais en sus"). */
  rebilledToClient: z.boolean(),
});
export type MissionExpenses = z.infer<typeof missionExpensesSchema>;

/** GET /api/auditors/{id}/expenses: an evaluator's expenses on all their missions (Mes frais). */
export const auditorExpensesSchema = z.object({
  items: z.array(expenseSchema),
  missions: z.array(z.object({ id: z.string(), label: z.string() })),
  kmRate: z.number(),
});
export type AuditorExpenses = z.infer<typeof auditorExpensesSchema>;

/** Settings › Frais: the mileage rate (euros per kilometre). */
export const expenseSettingsSchema = z.object({
  kmRate: z.number(),
  /** Days after the visit when the satisfaction questionnaire leaves by itself; null: sent by hand only. */
  satisfactionAfterDays: z.number().int().nullable(),
  /** Days an expense may fall outside the mission's dates before it is flagged to the staff. */
  dateMarginDays: z.number().int(),
  version: z.number().int(),
});
export type ExpenseSettings = z.infer<typeof expenseSettingsSchema>;
export const expenseSettingsBodySchema = z.object({
  kmRate: z
    .number({ error: typeError("Indiquez le barème kilométrique.") })
    .positive("Le barème doit être positif.")
    .max(10, "Barème trop élevé."),
  satisfactionAfterDays: z
    .number({ error: typeError("Le délai du questionnaire doit être un nombre de jours.") })
    .int("Le délai du questionnaire est un nombre entier de jours.")
    .min(0, "Le délai du questionnaire ne peut pas être négatif.")
    .max(90, "Le délai du questionnaire : 90 jours au plus.")
    .nullable()
    .optional(),
  dateMarginDays: z
    .number({ error: typeError("La marge autour des dates de la mission doit être un nombre de jours.") })
    .int("La marge est un nombre entier de jours.")
    .min(0, "La marge ne peut pas être négative.")
    .max(60, "La marge : 60 jours au plus.")
    .optional(),
  version: versionSchema,
});

// ——— Fees ———

export const FEE_INVOICE_STATUSES = ["TO_PAY", "PAID"] as const;
export type FeeInvoiceStatus = (typeof FEE_INVOICE_STATUSES)[number];
export const FEE_INVOICE_STATUS_LABELS: Record<FeeInvoiceStatus, string> = { TO_PAY: "À payer", PAID: "Payée" };

/** The `invoice` field of POST /api/missions/{id}/fees/invoice (the freelance evaluator's invoice file). */
export const feeInvoiceBodySchema = z.object({
  number: safeText().trim().min(1, "Indiquez le numéro de votre facture.").max(60, "60 caractères au plus."),
  amountCents: cents("Le montant HT"),
});
export type FeeInvoiceBody = z.input<typeof feeInvoiceBodySchema>;
export const payFeeInvoiceBodySchema = z.object({ date: isoDate("Date du paiement"), version: versionSchema });

export const missionFeeSchema = z.object({
  auditorId: z.string(),
  auditorName: z.string(),
  status: z.enum(["SALARIE", "INDEPENDANT"]),
  days: z.number(),
  dailyFeeCents: z.number().int().nullable(),
  expectedCents: z.number().int().nullable(),
  invoice: z
    .object({
      id: z.string(),
      number: z.string(),
      amountCents: z.number().int(),
      document: documentLink,
      status: z.enum(FEE_INVOICE_STATUSES),
      paidOn: z.string().nullable(),
      warning: z.string().nullable(),
      version: z.number().int(),
    })
    .nullable(),
  canUpload: z.boolean(),
  canPay: z.boolean(),
});
export type MissionFee = z.infer<typeof missionFeeSchema>;
export const missionFeesSchema = z.object({ items: z.array(missionFeeSchema) });

/** GET /api/auditors/{id}/statement?month=YYYY-MM&format=pdf|xlsx: the monthly statement. */
export const statementQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Mois invalide (AAAA-MM)."),
  format: z.enum(["pdf", "xlsx"]).default("pdf"),
});

// ——— Performance ———

/** The spec's RefCriteria codes: an evaluator's work on a mission, scored by the quality profile. */
export const REF_CRITERIA = ["QCPE", "RPE", "CVA", "TECE", "CTE", "QCEFQ", "ROE", "CERE"] as const;
export type RefCriterion = (typeof REF_CRITERIA)[number];
export const REF_CRITERIA_LABELS: Record<RefCriterion, string> = {
  QCPE: "Qualité de la conduite de la préparation de l'évaluation",
  RPE: "Respect du plan d'évaluation",
  CVA: "Conduite de la visite et des accompagnés traceurs",
  TECE: "Tenue des échanges avec le client et l'équipe",
  CTE: "Coordination et travail en équipe",
  QCEFQ: "Qualité et cohérence des éléments factuels et des cotations",
  ROE: "Respect des obligations déontologiques",
  CERE: "Conformité et envoi du rapport dans les échéances",
};
export const PERFORMANCE_POINT_MAX = 5;

export const refCriteriaEntrySchema = z.object({
  refCriteriaVO: z.enum(REF_CRITERIA),
  commentary: z.string().nullable(),
  point: z.number().int().nullable(),
});
export type RefCriteriaEntry = z.infer<typeof refCriteriaEntrySchema>;

export const performanceBodySchema = z.object({
  auditorId: idSchema,
  /** The version of this evaluator's scores as read (0 before the first save): 409 when it moved. */
  version: z
    .number({ error: typeError("La version est obligatoire.") })
    .int()
    .min(0),
  criteria: z
    .array(
      z.object({
        refCriteriaVO: z.enum(REF_CRITERIA, { error: "Critère inconnu." }),
        commentary: safeText().trim().max(1000, "1000 caractères au plus.").nullable().optional(),
        point: z
          .number()
          .int("Note entière de 1 à 5.")
          .min(1, "Note de 1 à 5.")
          .max(PERFORMANCE_POINT_MAX, "Note de 1 à 5.")
          .nullable()
          .optional(),
      }),
    )
    .max(REF_CRITERIA.length),
});
export type PerformanceBody = z.input<typeof performanceBodySchema>;

export const missionPerformanceSchema = z.object({
  items: z.array(
    z.object({
      auditorId: z.string(),
      auditorName: z.string(),
      criteria: z.array(refCriteriaEntrySchema),
      /** The version to send with the next save (0: never scored). */
      version: z.number().int(),
      scoredAt: z.string().nullable(),
      scoredBy: z.string().nullable(),
    }),
  ),
  canScore: z.boolean(),
});
export type MissionPerformance = z.infer<typeof missionPerformanceSchema>;

export const auditorPerformanceSchema = z.object({
  criteria: z.array(
    z.object({ refCriteriaVO: z.enum(REF_CRITERIA), average: z.number().nullable(), count: z.number() }),
  ),
  missions: z.array(
    z.object({ missionId: z.string(), label: z.string(), day: z.string().nullable(), average: z.number().nullable() }),
  ),
});
export type AuditorPerformance = z.infer<typeof auditorPerformanceSchema>;

// ——— Satisfaction ———

export const SATISFACTION_QUESTIONS = [
  { code: "PREPARATION", label: "La préparation de l'évaluation (échanges, programme, documents demandés)" },
  { code: "VISIT", label: "Le déroulement de la visite sur site" },
  { code: "LISTENING", label: "L'écoute et la disponibilité des évaluateurs" },
  { code: "CLARITY", label: "La clarté des échanges et de la restitution" },
  { code: "OVERALL", label: "Votre satisfaction générale" },
] as const;
export type SatisfactionQuestionCode = (typeof SATISFACTION_QUESTIONS)[number]["code"];
export const SATISFACTION_SCALE = [
  { value: 1, label: "Pas du tout satisfait" },
  { value: 2, label: "Peu satisfait" },
  { value: 3, label: "Satisfait" },
  { value: 4, label: "Très satisfait" },
] as const;

/** GET /api/satisfaction?token=…: what the public form shows. */
export const satisfactionFormSchema = z.object({
  establishment: z.string(),
  companyName: z.string(),
  visit: z.string().nullable(),
  evaluators: z.array(z.string()),
});
export type SatisfactionForm = z.infer<typeof satisfactionFormSchema>;

/** POST /api/satisfaction: answered once, with the link's token. */
export const satisfactionAnswerBodySchema = z.object({
  token: z.string().min(1, "Ce lien de questionnaire n'est pas valide.").max(600),
  answers: z.partialRecord(
    z.enum(SATISFACTION_QUESTIONS.map((q) => q.code) as [SatisfactionQuestionCode, ...SatisfactionQuestionCode[]]),
    z.number().int().min(1, "Note de 1 à 4.").max(4, "Note de 1 à 4."),
  ),
  comment: safeText().trim().max(2000, "2000 caractères au plus.").optional().default(""),
});
export type SatisfactionAnswerBody = z.input<typeof satisfactionAnswerBodySchema>;

export const missionSatisfactionSchema = z.object({
  survey: z
    .object({
      id: z.string(),
      sentTo: z.string(),
      sentAt: z.string(),
      expiresAt: z.string(),
      answeredAt: z.string().nullable(),
      answers: z.record(z.string(), z.number()).nullable(),
      comment: z.string().nullable(),
      average: z.number().nullable(),
      document: documentLink,
      sentToAuditorsAt: z.string().nullable(),
    })
    .nullable(),
  canSend: z.boolean(),
  /** The spec's isSendSatisfactionToAuditor: false once sent (the button is disabled). */
  isSendSatisfactionToAuditor: z.boolean(),
});
export type MissionSatisfaction = z.infer<typeof missionSatisfactionSchema>;
