import { describe, expect, it } from "vitest";
import markdown from "../../../../../docs/rgaa.md?raw";
import { RGAA_CHECKLIST } from "./checklist";
import { RGAA_SUMMARY } from "./conformance";
import {
  CHECKLIST_HEADER,
  conformanceState,
  formatRate,
  parseChecklist,
  publishChecklist,
  RGAA_NUMBERS,
  summarise,
} from "./rgaa-checklist";

const parsed = parseChecklist(markdown);

describe("docs/rgaa.md", () => {
  it("is sound: the 106 criteria of RGAA 4.1, each once, in order, with a status and a justification", () => {
    expect(parsed.errors).toEqual([]);
    expect(RGAA_NUMBERS).toHaveLength(106);
    expect(parsed.criteria.map((c) => c.number)).toEqual(RGAA_NUMBERS);
    for (const c of parsed.criteria) {
      expect(c.title, c.number).not.toBe("");
      expect(c.justification, c.number).not.toBe("");
    }
  });

  it("gives the rate as C ÷ (C + NC), NA left out, counted here from the file's own lines", () => {
    const statuses = markdown
      .split("\n")
      .map((line) => /^\|\s*\d+\.\d+\s*\|[^|]*\|\s*(C|NC|NA)\s*\|/.exec(line)?.[1])
      .filter(Boolean);
    const c = statuses.filter((s) => s === "C").length;
    const nc = statuses.filter((s) => s === "NC").length;
    const na = statuses.filter((s) => s === "NA").length;
    expect(c + nc + na).toBe(106);
    expect(RGAA_SUMMARY).toMatchObject({ conformant: c, nonConformant: nc, notApplicable: na });
    expect(RGAA_SUMMARY.rate).toBeCloseTo(c / (c + nc), 10);
    expect(RGAA_SUMMARY.state).toBe(c === c + nc ? "total" : c / (c + nc) >= 0.5 ? "partial" : "none");
  });

  it("names the pages audited", () => {
    expect(parsed.sample).toContain("Déclaration d'accessibilité");
    expect(parsed.sample.length).toBeGreaterThan(5);
  });

  it("reaches the app as the build reads it: the figures, the sample and the non-conformities", () => {
    expect(RGAA_CHECKLIST).toEqual(publishChecklist(parsed));
    expect(RGAA_SUMMARY).toEqual(RGAA_CHECKLIST.summary);
    expect(RGAA_CHECKLIST.nonConformities.map((c) => c.number)).toEqual(
      parsed.criteria.filter((c) => c.status === "NC").map((c) => c.number),
    );
    expect(RGAA_CHECKLIST.nonConformities.length).toBe(RGAA_SUMMARY.nonConformant);
  });
});

/** A checklist of every criterion (status C) but for the rows given, replaced or dropped. */
function checklist(rows: Record<string, string | null> = {}) {
  const lines = RGAA_NUMBERS.flatMap((n) => {
    if (!(n in rows)) return [`| ${n} | Intitulé ${n} | C | Justification ${n}. |`];
    const row = rows[n];
    return row === null || row === undefined ? [] : [row];
  });
  return [
    "# Grille",
    "## Échantillon",
    "- Connexion",
    "## Critères",
    `| ${CHECKLIST_HEADER.join(" | ")} |`,
    "|---|---|---|---|",
    ...lines,
    "",
    "Fin.",
  ].join("\n");
}

describe("parseChecklist", () => {
  it("reads a sound table, a pipe escaped inside a cell included", () => {
    const parsed = parseChecklist(checklist({ "6.1": "| 6.1 | Liens | NC | Le menu \\| les alertes. |" }));
    expect(parsed.errors).toEqual([]);
    expect(parsed.sample).toEqual(["Connexion"]);
    expect(parsed.criteria).toHaveLength(106);
    expect(parsed.criteria[parsed.criteria.findIndex((c) => c.number === "6.1")]).toEqual({
      number: "6.1",
      title: "Liens",
      status: "NC",
      justification: "Le menu | les alertes.",
    });
  });

  it.each([
    [{ "1.2": "| 1.2 | Images décoratives | NC |" }, /ligne \d+ : 3 colonnes au lieu de 4/],
    [{ "1.2": "| 1.2 | Images décoratives | OK | Oui. |" }, /statut « OK » \(attendu : C, NC ou NA\)/],
    [{ "1.2": "| 1.2 | Images décoratives | C |  |" }, /justification vide/],
    [{ "1.2": "| 1.2 |  | C | Oui. |" }, /intitulé du critère vide/],
    [{ "1.2": "| 1.1 | Encore | C | Oui. |" }, /le critère 1.1 est déjà dans la grille/],
    [{ "1.2": "| 14.1 | Inventé | C | Oui. |" }, /« 14.1 » n'est pas un critère du RGAA 4.1/],
    [{ "13.12": null, "4.4": null }, /Critères absents de la grille : 4.4, 13.12/],
  ])("refuses %j", (rows, message) => {
    const { errors } = parseChecklist(checklist(rows));
    expect(errors.join("\n")).toMatch(message);
  });

  it("refuses a file without its table or its sample", () => {
    expect(parseChecklist("# Grille\n\n| N° | Statut |\n|---|---|\n").errors).toEqual([
      "Aucune page sous « ## Échantillon ».",
      "Tableau introuvable : l'en-tête doit être | N° | Critère | Statut | Justification |.",
    ]);
  });
});

describe("the rate and the state", () => {
  const row = (n: string, status: string) => `| ${n} | Intitulé | ${status} | Pourquoi. |`;

  it("leaves NA out of the rate", () => {
    const rows = Object.fromEntries(RGAA_NUMBERS.map((n, i) => [n, row(n, i < 6 ? "NC" : i < 50 ? "NA" : "C")]));
    const summary = summarise(parseChecklist(checklist(rows)).criteria);
    expect(summary).toEqual({ conformant: 56, nonConformant: 6, notApplicable: 44, rate: 56 / 62, state: "partial" });
  });

  it("follows the RGAA's thresholds: 100 % total, 50 % or more partial, below none", () => {
    expect(conformanceState(1)).toBe("total");
    expect(conformanceState(0.9999)).toBe("partial");
    expect(conformanceState(0.5)).toBe("partial");
    expect(conformanceState(0.4999)).toBe("none");
  });

  it("writes the rate in French, rounded down so that it never reads 100 % short of it", () => {
    expect(formatRate(0.9996)).toBe("99,9\u00a0%");
    expect(formatRate(56 / 62)).toBe("90,3\u00a0%");
    expect(formatRate(0.5)).toBe("50,0\u00a0%");
    expect(formatRate(1)).toBe("100,0\u00a0%");
  });
});
