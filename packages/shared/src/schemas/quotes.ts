import { z } from "zod";
import { QUOTE_STATUSES } from "../commercial/quotes.js";
import { typeError } from "../text.js";
import { versionSchema } from "./common.js";
import { euros } from "./money.js";
import { optionalText } from "./parties.js";

/** An empty field reaches the schema as null or undefined: ask for it rather than call it "not a number". */
const numberError = (missing: string, notANumber: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === null || issue.input === undefined ? missing : notANumber),
});

const amount = (label: string, max = 1_000_000) => euros(label, { max });

const quoteLineBodySchema = z.object({
  service: z
    .string({ error: typeError("Décrivez la prestation.") })
    .trim()
    .min(1, "Décrivez la prestation.")
    .max(300),
  days: z
    .number(numberError("Indiquez le nombre de jours.", "Le nombre de jours doit être un nombre."))
    .positive("Le nombre de jours doit être positif (au moins 0,25).")
    .max(100, "Cent jours au plus par ligne.")
    .refine((v) => Number.isInteger(v * 4), "Le nombre de jours se compte par quarts de journée (0,25)."),
  unitPrice: amount("Le prix unitaire"),
  quantity: z
    .number(numberError("Indiquez la quantité.", "La quantité doit être un nombre."))
    .int("La quantité doit être un nombre entier.")
    .min(1, "La quantité doit être au moins 1 (un nombre négatif n'est pas accepté).")
    .max(100, "Cent au plus."),
});

export const saveQuoteBodySchema = z
  .object({
    lines: z.array(quoteLineBodySchema).min(1, "Ajoutez au moins une ligne.").max(30, "Trente lignes au plus."),
    vatRate: z.union([z.literal(0.2), z.literal(0.085), z.literal(0)], {
      error: "Taux de TVA : 20 %, 8,5 % ou exonéré.",
    }),
    travelExpenseMode: z.union([z.literal(1), z.literal(2), z.literal(3)], {
      error: "Frais de déplacement : 1 (en sus), 2 (inclus) ou 3 (forfait).",
    }),
    travelExpenseAmount: amount("Le forfait de déplacement", 100_000).nullable().default(null),
    validUntil: z.iso.date({ error: "Date de validité invalide." }).nullable().default(null),
    notes: optionalText(2000),
  })
  .refine((v) => v.travelExpenseMode !== 3 || (v.travelExpenseAmount ?? 0) > 0, {
    message: "Indiquez le montant du forfait de déplacement.",
    path: ["travelExpenseAmount"],
  })
  .transform((v) => ({ ...v, travelExpenseAmount: v.travelExpenseMode === 3 ? v.travelExpenseAmount : null }));
export type SaveQuoteBody = z.input<typeof saveQuoteBodySchema>;

export const updateQuoteBodySchema = z.object({ quote: saveQuoteBodySchema, version: versionSchema });

export const sendQuoteBodySchema = z.object({
  to: z.array(z.email("Adresse e-mail invalide.")).max(10).optional(),
  version: versionSchema,
});
export const refuseQuoteBodySchema = z.object({
  reason: z
    .string({ error: typeError("Indiquez le motif du refus.") })
    .trim()
    .min(1, "Indiquez le motif du refus.")
    .max(500),
  version: versionSchema,
});

export const documentRefSchema = z.object({ id: z.string(), name: z.string(), url: z.string() });

/** The actions of the quote policy, as the detail's `abilities` lists them. */
export const QUOTE_ACTIONS = ["read", "update", "print", "send", "accept", "refuse", "newVersion"] as const;
type QuoteAction = (typeof QUOTE_ACTIONS)[number];

export const quoteDetailSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  number: z.string(),
  revision: z.number().int(),
  label: z.string(),
  status: z.enum(QUOTE_STATUSES),
  vatRate: z.number(),
  travelExpenseMode: z.number().int(),
  travelExpenseAmount: z.number().nullable(),
  totalHT: z.number(),
  totalVAT: z.number(),
  totalTTC: z.number(),
  validUntil: z.string().nullable(),
  notes: z.string().nullable(),
  lines: z.array(
    z.object({
      id: z.string(),
      service: z.string(),
      days: z.number(),
      unitPrice: z.number(),
      quantity: z.number().int(),
      total: z.number(),
    }),
  ),
  document: documentRefSchema.nullable(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  refusalReason: z.string().nullable(),
  contractId: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
  /** What the signed-in user may do with this quote now (the server's policy), so screens need not re-derive it. */
  abilities: z.object(
    Object.fromEntries(QUOTE_ACTIONS.map((a) => [a, z.boolean()])) as Record<QuoteAction, z.ZodBoolean>,
  ),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

/** "D-2026-0012", or "D-2026-0012 v2" for a new version. */
export const quoteLabel = (q: { number: string; revision: number }) =>
  q.revision > 1 ? `${q.number} v${q.revision}` : q.number;

export const numberingSeriesSchema = z.object({
  code: z.string(),
  label: z.string(),
  mask: z.string(),
  year: z.number().int(),
  counter: z.number().int(),
  next: z.string(),
  version: z.number().int(),
});
export type NumberingSeries = z.infer<typeof numberingSeriesSchema>;
export const updateNumberingBodySchema = z.object({
  mask: z
    .string({ error: typeError("Le masque est obligatoire.") })
    .trim()
    .min(1, "Le masque est obligatoire.")
    .max(40),
  version: versionSchema,
});
