import { z } from "zod";

/**
 * French messages for every Zod validation (server answers and web forms alike). Zod 4's own French
 * locale is the fallback; the common cases get wording a user understands ("Ce champ est
 * obligatoire.", "Ce texte ne peut pas dépasser 200 caractères."). A message given in a schema wins.
 */
type Issue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: "Un texte est attendu.",
  number: "Un nombre est attendu.",
  int: "Un nombre entier est attendu.",
  bigint: "Un nombre entier est attendu.",
  boolean: "Une valeur oui / non est attendue.",
  object: "Un objet est attendu.",
  array: "Une liste est attendue.",
  date: "Une date est attendue.",
};

const FORMATS: Record<string, string> = {
  email: "Adresse e-mail invalide.",
  uuid: "Identifiant invalide.",
  guid: "Identifiant invalide.",
  url: "Adresse web invalide.",
  date: "Date invalide (format AAAA-MM-JJ attendu).",
  datetime: "Date et heure invalides.",
  time: "Heure invalide.",
};

const plural = (n: number | bigint, one: string, many: string) => (Number(n) > 1 ? many : one);

function tooBig(issue: Extract<Issue, { code: "too_big" }>): string {
  const max = issue.maximum as number;
  switch (issue.origin) {
    case "string":
      return `Ce texte ne peut pas dépasser ${max} ${plural(max, "caractère", "caractères")}.`;
    case "array":
    case "set":
      return `Pas plus de ${max} ${plural(max, "élément", "éléments")}.`;
    case "file":
      return "Le fichier est trop volumineux.";
    case "date":
      return "Cette date est trop tardive.";
    default:
      return issue.inclusive ? `La valeur doit être au plus ${max}.` : `La valeur doit être inférieure à ${max}.`;
  }
}

function tooSmall(issue: Extract<Issue, { code: "too_small" }>): string {
  const min = issue.minimum as number;
  switch (issue.origin) {
    case "string":
      return min <= 1 ? "Ce champ est obligatoire." : `Ce texte doit contenir au moins ${min} caractères.`;
    case "array":
    case "set":
      return min <= 1 ? "Au moins un élément est obligatoire." : `Au moins ${min} éléments sont obligatoires.`;
    case "date":
      return "Cette date est trop ancienne.";
    default:
      return issue.inclusive ? `La valeur doit être au moins ${min}.` : `La valeur doit être supérieure à ${min}.`;
  }
}

export function frenchIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return "Ce champ est obligatoire.";
      return TYPE_NAMES[issue.expected] ?? "Valeur invalide.";
    case "too_big":
      return tooBig(issue);
    case "too_small":
      return tooSmall(issue);
    case "invalid_format":
      return FORMATS[issue.format] ?? "Format invalide.";
    case "invalid_value":
      return issue.values.length > 0 && issue.values.length <= 8
        ? `Valeur non autorisée : choisissez parmi ${issue.values.map((v) => String(v)).join(", ")}.`
        : "Valeur non autorisée.";
    case "unrecognized_keys":
      return `${plural(issue.keys.length, "Champ non reconnu", "Champs non reconnus")} : ${issue.keys.join(", ")}.`;
    case "not_multiple_of":
      return `La valeur doit être un multiple de ${issue.divisor}.`;
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
    case "custom":
      return "Valeur invalide.";
    default:
      return undefined;
  }
}

const fallback = z.locales.fr().localeError;

z.config({
  localeError: (issue) => {
    const message = frenchIssueMessage(issue);
    if (message) return message;
    const base = fallback?.(issue);
    return typeof base === "string" ? base : (base?.message ?? "Valeur invalide.");
  },
});
