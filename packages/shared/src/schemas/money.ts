import { z } from "zod";

/**
 * Whether a number has at most two decimals (a whole number of cents, for euros). Binary floating point
 * writes 0,29 as 0.28999999999999998: a difference of a few units in the last place is tolerated, relative
 * to the size of the number, and nothing more — a fixed tolerance (1e-6 cent) let 0,000000001 € through,
 * stored as 0 cent.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) <= Math.max(1, Math.abs(hundredths)) * 1e-12;
}

/** The cents of an amount in euros as typed; not rounded when it has more than two decimals (then refused). */
export function eurosToCents(euros: number): number {
  const cents = euros * 100;
  return hasAtMostTwoDecimals(euros) ? Math.round(cents) : cents;
}

const lowerFirst = (label: string) => `${label.charAt(0).toLowerCase()}${label.slice(1)}`;

export interface EurosOptions {
  /** Largest amount accepted. */
  max: number;
  /** At least 0,01 € (a payment, a fee); otherwise 0 is accepted (a free line). */
  positive?: boolean;
  /** The message of a negative amount, when it should say more (where a deduction goes instead). */
  negative?: string;
}

/**
 * An amount of money in euros, as a form or an API client sends it: a number with at most two decimals, at
 * least 0,01 € where it must be positive. Each message names the field (`label`: "Le montant", "Le prix
 * unitaire") and shows under it in the forms.
 */
export function euros(label: string, { max, positive = false, negative }: EurosOptions) {
  return z
    .number({
      error: (issue: { input?: unknown }) =>
        issue.input === null || issue.input === undefined
          ? `Indiquez ${lowerFirst(label)}.`
          : `${label} doit être un nombre.`,
    })
    .min(
      positive ? 0.01 : 0,
      positive ? `${label} doit être d'au moins 0,01 €.` : (negative ?? `${label} ne peut pas être négatif.`),
    )
    .max(max, `${label} est trop élevé.`)
    .refine(hasAtMostTwoDecimals, `${label} : deux décimales au plus (au centime près).`);
}

/** An amount of money in cents (the expenses' and fees' API): a whole number, at least one cent. */
export function positiveCents(label: string, max: number) {
  return z
    .number({
      error: (issue: { input?: unknown }) =>
        issue.input === null || issue.input === undefined
          ? `Indiquez ${lowerFirst(label)}.`
          : `${label} doit être un nombre.`,
    })
    .int(`${label} : deux décimales au plus (au centime près).`)
    .min(1, `${label} doit être d'au moins 0,01 €.`)
    .max(max, `${label} est trop élevé.`);
}
