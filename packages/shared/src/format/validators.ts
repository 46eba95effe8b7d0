import { isEmptyValue } from "./display.js";
import { type MaskError, maskErrorMessage, validateEmailMask } from "./masks.js";
import { toNumber } from "./number.js";

/** A form validator: null when valid, else the French message to show. */
type Validator = (value: unknown) => string | null;

const characters = (n: number) => `${n} caractère${n > 1 ? "s" : ""}`;

export const VALIDATION_MESSAGES = {
  required: "Ce champ est obligatoire.",
  min: (min: number) => `La valeur doit être au moins ${min}.`,
  max: (max: number) => `La valeur doit être au plus ${max}.`,
  minLength: (n: number) => `Saisissez au moins ${characters(n)}.`,
  maxLength: (n: number) => `Saisissez au plus ${characters(n)}.`,
  pattern: "Le format est invalide.",
  email: "L'adresse e-mail est invalide.",
  number: "Saisissez un nombre.",
} as const;

const lengthOf = (value: unknown) =>
  typeof value === "string" || Array.isArray(value) ? value.length : String(value ?? "").length;

/**
 * The generic validators of spec §5. Like Angular's, every one but `required` lets empty
 * values through, so optional fields can still carry a format rule.
 */
export const Validators = {
  required:
    (message: string = VALIDATION_MESSAGES.required): Validator =>
    (value) =>
      isEmptyValue(value) || value === false ? message : null,

  min:
    (min: number, message?: string): Validator =>
    (value) => {
      if (isEmptyValue(value)) return null;
      const n = toNumber(value);
      if (n === null) return VALIDATION_MESSAGES.number;
      return n < min ? (message ?? VALIDATION_MESSAGES.min(min)) : null;
    },

  max:
    (max: number, message?: string): Validator =>
    (value) => {
      if (isEmptyValue(value)) return null;
      const n = toNumber(value);
      if (n === null) return VALIDATION_MESSAGES.number;
      return n > max ? (message ?? VALIDATION_MESSAGES.max(max)) : null;
    },

  minLength:
    (length: number, message?: string): Validator =>
    (value) =>
      !isEmptyValue(value) && lengthOf(value) < length ? (message ?? VALIDATION_MESSAGES.minLength(length)) : null,

  maxLength:
    (length: number, message?: string): Validator =>
    (value) =>
      !isEmptyValue(value) && lengthOf(value) > length ? (message ?? VALIDATION_MESSAGES.maxLength(length)) : null,

  /** The whole value must match (the pattern is anchored). */
  pattern: (pattern: RegExp | string, message: string = VALIDATION_MESSAGES.pattern): Validator => {
    const source = typeof pattern === "string" ? pattern : pattern.source;
    const anchored = new RegExp(`^(?:${source})$`, typeof pattern === "string" ? "" : pattern.flags.replace("g", ""));
    return (value) => (isEmptyValue(value) || anchored.test(String(value)) ? null : message);
  },

  email:
    (message: string = VALIDATION_MESSAGES.email): Validator =>
    (value) =>
      isEmptyValue(value) || validateEmailMask(String(value)) === null ? null : message,

  /** Turns a mask check into a validator whose message names the expected format. */
  mask:
    (check: (value: string) => MaskError | null): Validator =>
    (value) => {
      if (isEmptyValue(value)) return null;
      const error = check(String(value));
      return error ? maskErrorMessage(error) : null;
    },

  /** Runs validators in order and returns the first message. */
  compose:
    (...validators: Validator[]): Validator =>
    (value) => {
      for (const validate of validators) {
        const message = validate(value);
        if (message !== null) return message;
      }
      return null;
    },
} as const;
