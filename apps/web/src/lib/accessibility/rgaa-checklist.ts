/**
 * Reading docs/rgaa.md, the project's RGAA 4.1 checklist: one table row per criterion, and the
 * conformance rate the RGAA's method derives from it. The rate and the statement's list of
 * non-conformities come only from here, never typed by hand. No import: vite.config.ts runs it when the
 * app is built (`docs/rgaa.md?checklist`), the app only receives its result.
 */

export type CriterionStatus = "C" | "NC" | "NA";

export interface Criterion {
  /** "1.1" … "13.12". */
  number: string;
  title: string;
  status: CriterionStatus;
  justification: string;
}

/** The 13 themes of RGAA 4.1 and how many criteria each has (106 in all). */
export const RGAA_THEMES: ReadonlyArray<{ number: number; name: string; criteria: number }> = [
  { number: 1, name: "Images", criteria: 9 },
  { number: 2, name: "Cadres", criteria: 2 },
  { number: 3, name: "Couleurs", criteria: 3 },
  { number: 4, name: "Multimédia", criteria: 13 },
  { number: 5, name: "Tableaux", criteria: 8 },
  { number: 6, name: "Liens", criteria: 2 },
  { number: 7, name: "Scripts", criteria: 5 },
  { number: 8, name: "Éléments obligatoires", criteria: 10 },
  { number: 9, name: "Structuration de l'information", criteria: 4 },
  { number: 10, name: "Présentation de l'information", criteria: 14 },
  { number: 11, name: "Formulaires", criteria: 13 },
  { number: 12, name: "Navigation", criteria: 11 },
  { number: 13, name: "Consultation", criteria: 12 },
];

/** Every criterion number of RGAA 4.1, in order. */
export const RGAA_NUMBERS: readonly string[] = RGAA_THEMES.flatMap((t) =>
  Array.from({ length: t.criteria }, (_, i) => `${t.number}.${i + 1}`),
);

/** The header of the checklist's table: fixed columns, in this order. */
export const CHECKLIST_HEADER = ["N°", "Critère", "Statut", "Justification"] as const;
const SAMPLE_HEADING = "## Échantillon";
const STATUSES: readonly string[] = ["C", "NC", "NA"];

export interface ParsedChecklist {
  criteria: Criterion[];
  /** The pages audited: the bullet list under « ## Échantillon ». */
  sample: string[];
  /** What makes the file unusable (a malformed row, a number missing or twice…); empty when it is sound. */
  errors: string[];
}

/** The cells of a Markdown table row; `\|` is a pipe inside a cell. Null when the line is not a row. */
function cellsOf(line: string): string[] | null {
  const text = line.trim();
  if (!text.startsWith("|") || !text.endsWith("|") || text.length < 2) return null;
  return text
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

function parseSample(lines: readonly string[]): string[] {
  const start = lines.findIndex((line) => line.trim() === SAMPLE_HEADING);
  if (start < 0) return [];
  const sample: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith("#")) break;
    const item = /^\s*[-*]\s+(.+)$/.exec(line)?.[1]?.trim();
    if (item) sample.push(item);
  }
  return sample;
}

export function parseChecklist(markdown: string): ParsedChecklist {
  const lines = markdown.split(/\r?\n/);
  const errors: string[] = [];
  const headerAt = lines.findIndex((line) => cellsOf(line)?.join("|") === CHECKLIST_HEADER.join("|"));
  const sample = parseSample(lines);
  if (sample.length === 0) errors.push(`Aucune page sous « ${SAMPLE_HEADING} ».`);
  if (headerAt < 0) {
    errors.push(`Tableau introuvable : l'en-tête doit être | ${CHECKLIST_HEADER.join(" | ")} |.`);
    return { criteria: [], sample, errors };
  }
  const criteria: Criterion[] = [];
  const seen = new Set<string>();
  for (let i = headerAt + 2; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const cells = cellsOf(line);
    if (!cells) break;
    const where = `ligne ${i + 1}`;
    if (cells.length !== CHECKLIST_HEADER.length) {
      errors.push(`${where} : ${cells.length} colonnes au lieu de ${CHECKLIST_HEADER.length}.`);
      continue;
    }
    const [number = "", title = "", status = "", justification = ""] = cells;
    if (!RGAA_NUMBERS.includes(number)) errors.push(`${where} : « ${number} » n'est pas un critère du RGAA 4.1.`);
    else if (seen.has(number)) errors.push(`${where} : le critère ${number} est déjà dans la grille.`);
    if (!STATUSES.includes(status)) errors.push(`${where} : statut « ${status} » (attendu : C, NC ou NA).`);
    if (!title) errors.push(`${where} : intitulé du critère vide.`);
    if (!justification) errors.push(`${where} : justification vide.`);
    if (!RGAA_NUMBERS.includes(number) || seen.has(number) || !STATUSES.includes(status)) continue;
    seen.add(number);
    criteria.push({ number, title, status: status as CriterionStatus, justification });
  }
  const missing = RGAA_NUMBERS.filter((n) => !seen.has(n));
  if (missing.length > 0) errors.push(`Critères absents de la grille : ${missing.join(", ")}.`);
  return { criteria, sample, errors };
}

export type ConformanceState = "total" | "partial" | "none";

/** The words of the RGAA's required mention (« Accessibilité : partiellement conforme »). */
export const CONFORMANCE_LABELS: Record<ConformanceState, string> = {
  total: "totalement conforme",
  partial: "partiellement conforme",
  none: "non conforme",
};

export interface ChecklistSummary {
  conformant: number;
  nonConformant: number;
  notApplicable: number;
  /** Conformant ÷ applicable criteria (NA left out), between 0 and 1. */
  rate: number;
  state: ConformanceState;
}

/** 100 %: totally; 50 % or more: partially; below: not conformant (the RGAA's thresholds). */
export function conformanceState(rate: number): ConformanceState {
  if (rate >= 1) return "total";
  return rate >= 0.5 ? "partial" : "none";
}

export function summarise(criteria: readonly Criterion[]): ChecklistSummary {
  const count = (status: CriterionStatus) => criteria.filter((c) => c.status === status).length;
  const conformant = count("C");
  const nonConformant = count("NC");
  const applicable = conformant + nonConformant;
  const rate = applicable === 0 ? 0 : conformant / applicable;
  return { conformant, nonConformant, notApplicable: count("NA"), rate, state: conformanceState(rate) };
}

/**
 * The rate in French with one decimal, rounded down: 99,96 % reads « 99,9 % », never a « 100 % » that the
 * « partiellement conforme » beside it would contradict.
 */
export function formatRate(rate: number): string {
  const tenths = Math.floor(rate * 1000 + 1e-9) / 10;
  return `${tenths.toLocaleString("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })}\u00a0%`;
}

/** What the app receives of the checklist (`docs/rgaa.md?checklist`): no more than the statement shows. */
export interface PublishedChecklist {
  summary: ChecklistSummary;
  sample: string[];
  nonConformities: Criterion[];
}

export function publishChecklist({ criteria, sample }: ParsedChecklist): PublishedChecklist {
  return { summary: summarise(criteria), sample, nonConformities: criteria.filter((c) => c.status === "NC") };
}
