/** Quotes: VAT rates, travel expenses, usual lines, statuses (spec §4). */

import { labelsOf } from "./labels.js";
import type { RequestService } from "./requests.js";

/** VAT rates of quotes and contracts: 20 %, 8.5 % (overseas departments) or exempt. */
export const VAT_RATES = [
  { value: 0.2, label: "20 %" },
  { value: 0.085, label: "8,5 %" },
  { value: 0, label: "Exonéré" },
] as const;
export const vatRateLabel = (rate: number) => VAT_RATES.find((r) => r.value === Number(rate))?.label ?? `${rate}`;

/** Travel expenses: 1 billed on top, 2 included, 3 flat fee (with its amount). */
export const TRAVEL_EXPENSE_OPTIONS = [
  { value: 1, label: "Frais en sus" },
  { value: 2, label: "Inclus" },
  { value: 3, label: "Forfait" },
] as const;
export const travelExpenseLabel = (mode: number) =>
  TRAVEL_EXPENSE_OPTIONS.find((o) => o.value === Number(mode))?.label ?? "";

/** The usual lines of a quote, per service (days, unit price per day or per team-day); quantity = establishments. */
export const DEFAULT_QUOTE_LINES: Record<
  RequestService,
  ReadonlyArray<{ service: string; days: number; unitPrice: number }>
> = {
  ESSMS_EVALUATION: [
    {
      service: "Préparation de l'évaluation externe : analyse documentaire et plan d'évaluation",
      days: 1,
      unitPrice: 980,
    },
    { service: "Visite d'évaluation sur site par un binôme d'évaluateurs", days: 2, unitPrice: 1960 },
    { service: "Rédaction du rapport, restitution et dépôt sur la plateforme Synaé", days: 1.5, unitPrice: 980 },
  ],
  CERTIFICATION: [
    { service: "Revue de recevabilité et préparation de l'audit", days: 0.5, unitPrice: 950 },
    { service: "Audit initial de certification sur site", days: 2, unitPrice: 1150 },
    { service: "Revue du rapport et décision de certification", days: 0.5, unitPrice: 950 },
  ],
};

export const QUOTE_STATUSES = ["DRAFT", "SENT", "ACCEPTED", "REFUSED", "SUPERSEDED"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS = labelsOf<QuoteStatus>({
  DRAFT: "Brouillon",
  SENT: "Envoyé",
  ACCEPTED: "Accepté",
  REFUSED: "Refusé",
  SUPERSEDED: "Remplacé",
});
