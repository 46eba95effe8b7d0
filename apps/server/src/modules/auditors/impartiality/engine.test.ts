import { DEFAULT_IMPARTIALITY_SETTINGS, type LinkNature } from "@certidesk/shared";
import { describe, expect, it } from "vitest";
import { addMonths, addYears } from "./dates.js";
import { evaluateEligibility } from "./engine.js";
import type { ImpartialityFacts, LinkFact } from "./facts.js";

const ESSMS = "00000000-0000-4000-8000-00000000e001";
const ENTITY = "00000000-0000-4000-8000-00000000a001";
const GEST = "00000000-0000-4000-8000-00000000b001";
const FIRST = "2026-03-16";

const allDocuments = (validUntil: string | null = "2027-12-31"): ImpartialityFacts["documents"] => [
  { kind: "CV", validUntil: null },
  { kind: "DIPLOMA", validUntil: null },
  { kind: "REFERENTIEL_TRAINING", validUntil: null },
  { kind: "IMPARTIALITY_DECLARATION", validUntil },
  { kind: "RC_PRO_INSURANCE", validUntil },
  { kind: "URSSAF_VIGILANCE", validUntil },
];

function facts(overrides: Partial<ImpartialityFacts> = {}): ImpartialityFacts {
  return {
    today: "2026-01-10",
    days: [FIRST, "2026-03-17"],
    settings: { ...DEFAULT_IMPARTIALITY_SETTINGS, ruleSeverities: {} },
    auditor: {
      id: "a1",
      status: "SALARIE",
      active: true,
      roles: ["EVALUATOR", "COORDINATOR"],
      zones: [],
      sectorDomains: ["PA"],
      maxMissionsPerMonth: null,
    },
    essms: {
      id: ESSMS,
      raisonSocial: "EHPAD Les Tilleuls",
      departement: "69",
      legalEntityId: ENTITY,
      gestionnaireId: GEST,
      sectorDomains: ["PA"],
    },
    links: [],
    documents: allDocuments(),
    unavailability: [],
    booked: [],
    monthLoads: {},
    ...overrides,
  };
}

const link = (
  nature: LinkNature,
  startDate: string,
  endDate: string | null,
  over: Partial<LinkFact> = {},
): LinkFact => ({
  organisationType: "ESSMS",
  organisationId: ESSMS,
  organisationName: "EHPAD Les Tilleuls",
  nature,
  startDate,
  endDate,
  legalEntityId: ENTITY,
  gestionnaireId: GEST,
  departement: "69",
  ...over,
});

const rulesOf = (f: ImpartialityFacts) => {
  const e = evaluateEligibility(f);
  return { blocking: e.blocking.map((r) => r.rule), warnings: e.warnings.map((r) => r.rule), e };
};

describe("impartiality engine", () => {
  it("accepts a qualified evaluator with valid documents and no link", () => {
    expect(evaluateEligibility(facts())).toEqual({ eligible: true, blocking: [], warnings: [] });
  });

  describe("consulting, training, coaching: 24 months before, 12 months after the first day", () => {
    it("blocks a consulting engagement ending 24 months before the first day, to the day", () => {
      const end = addMonths(FIRST, -24);
      expect(end).toBe("2024-03-16");
      const { blocking, e } = rulesOf(facts({ links: [link("CONSULTING", "2023-01-01", end)] }));
      expect(blocking).toEqual(["ADVICE_WINDOW"]);
      expect(e.blocking[0]?.message).toBe(
        "Conseil pour « EHPAD Les Tilleuls » du 01/01/2023 au 16/03/2024 : moins de 24 mois avant le premier jour de visite (16/03/2026).",
      );
    });
    it("accepts one that ended the day before that boundary", () => {
      expect(rulesOf(facts({ links: [link("TRAINING", "2023-01-01", "2024-03-15")] })).blocking).toEqual([]);
    });
    it("blocks one starting 12 months after the first day, and not the day after", () => {
      const start = addMonths(FIRST, 12);
      const blocked = rulesOf(facts({ links: [link("COACHING", start, null)] }));
      expect(blocked.blocking).toEqual(["ADVICE_WINDOW"]);
      expect(blocked.e.blocking[0]?.message).toContain("prévu(e) dans les 12 mois qui suivent");
      expect(rulesOf(facts({ links: [link("COACHING", "2027-03-17", null)] })).blocking).toEqual([]);
    });
    it("blocks an engagement still running (no end date) that began long ago", () => {
      expect(rulesOf(facts({ links: [link("CONSULTING", "2015-01-01", null)] })).blocking).toEqual(["ADVICE_WINDOW"]);
    });
    it("covers the legal entity, the gestionnaire and a sibling ESSMS of the same legal entity", () => {
      const viaEntity = link("CONSULTING", "2025-01-01", "2025-02-01", {
        organisationType: "LEGAL_ENTITY",
        organisationId: ENTITY,
        organisationName: "Association Les Tilleuls",
      });
      const viaGest = link("TRAINING", "2025-01-01", "2025-02-01", {
        organisationType: "GESTIONNAIRE",
        organisationId: GEST,
        legalEntityId: null,
      });
      const sibling = link("COACHING", "2025-01-01", "2025-02-01", { organisationId: "other-essms" });
      for (const l of [viaEntity, viaGest, sibling])
        expect(rulesOf(facts({ links: [l] })).blocking, l.organisationType).toEqual(["ADVICE_WINDOW"]);
    });
    it("ignores an organisation with no tie to the ESSMS", () => {
      const other = link("CONSULTING", "2025-01-01", null, {
        organisationId: "x",
        legalEntityId: "other",
        gestionnaireId: "other",
      });
      expect(rulesOf(facts({ links: [other] })).blocking).toEqual([]);
    });
    it("follows the settings (here 36 months before)", () => {
      const f = facts({
        settings: { ...DEFAULT_IMPARTIALITY_SETTINGS, adviceMonthsBefore: 36 },
        links: [link("CONSULTING", "2022-01-01", "2023-03-16")],
      });
      expect(rulesOf(f).blocking).toEqual(["ADVICE_WINDOW"]);
    });
  });

  describe("employment within 5 years", () => {
    it("blocks an employment ending 5 years before the first day, to the day, not the day before", () => {
      const end = addYears(FIRST, -5);
      expect(end).toBe("2021-03-16");
      const blocked = rulesOf(facts({ links: [link("EMPLOYMENT", "2010-01-01", end, { departement: "01" })] }));
      expect(blocked.blocking).toEqual(["EMPLOYMENT_YEARS"]);
      expect(blocked.e.blocking[0]?.message).toBe(
        "A travaillé pour « EHPAD Les Tilleuls » jusqu'au 16/03/2021 : moins de 5 ans avant le premier jour de visite (16/03/2026).",
      );
      expect(rulesOf(facts({ links: [link("EMPLOYMENT", "2010-01-01", "2021-03-15")] })).blocking).toEqual([]);
    });
    it("blocks a current employment (and, in the same département, the département rule too)", () => {
      const { blocking } = rulesOf(facts({ links: [link("EMPLOYMENT", "2020-01-01", null)] }));
      expect(blocking).toEqual(["EMPLOYMENT_YEARS", "SAME_DEPARTEMENT"]);
    });
  });

  describe("current interest", () => {
    it("blocks a family or financial interest running on a visit day", () => {
      expect(rulesOf(facts({ links: [link("FAMILY", "2001-01-01", null)] })).blocking).toEqual(["CURRENT_INTEREST"]);
      expect(rulesOf(facts({ links: [link("INTEREST", "2026-03-17", "2026-12-31")] })).blocking).toEqual([
        "CURRENT_INTEREST",
      ]);
    });
    it("accepts an interest that ended the day before the first visit day", () => {
      expect(rulesOf(facts({ links: [link("INTEREST", "2020-01-01", "2026-03-15")] })).blocking).toEqual([]);
    });
  });

  describe("same département", () => {
    const elsewhere = (departement: string, endDate: string | null = null) =>
      link("EMPLOYMENT", "2019-01-01", endDate, {
        organisationId: "other-essms",
        organisationName: "Foyer de vie Les Cèdres",
        legalEntityId: "other-entity",
        gestionnaireId: null,
        departement,
      });
    it("blocks an evaluator working in another ESSMS of the same département", () => {
      const { blocking, e } = rulesOf(facts({ links: [elsewhere("69")] }));
      expect(blocking).toEqual(["SAME_DEPARTEMENT"]);
      expect(e.blocking[0]?.message).toBe(
        "Travaille dans un ESSMS du même département (69) : « Foyer de vie Les Cèdres », depuis le 01/01/2019.",
      );
    });
    it("accepts one working in another département, or who left before the visit", () => {
      expect(rulesOf(facts({ links: [elsewhere("42")] })).blocking).toEqual([]);
      expect(rulesOf(facts({ links: [elsewhere("69", "2026-03-15")] })).blocking).toEqual([]);
    });
    it("can be switched off in the settings", () => {
      const f = facts({
        links: [elsewhere("69")],
        settings: { ...DEFAULT_IMPARTIALITY_SETTINGS, sameDepartementRule: false },
      });
      expect(rulesOf(f).blocking).toEqual([]);
    });
  });

  describe("documents", () => {
    it("blocks a missing required document", () => {
      const f = facts({ documents: allDocuments().filter((d) => d.kind !== "CV") });
      const { blocking, e } = rulesOf(f);
      expect(blocking).toEqual(["DOCUMENTS"]);
      expect(e.blocking[0]?.message).toBe("Document manquant : CV.");
    });
    it("accepts a document valid through the last visit day and blocks one expiring the day before it", () => {
      expect(rulesOf(facts({ documents: allDocuments("2026-03-17") })).blocking).toEqual([]);
      const { e } = rulesOf(facts({ documents: allDocuments("2026-03-16") }));
      expect(e.blocking.map((r) => r.message)).toEqual([
        "Déclaration d'impartialité signée expiré(e) le 16/03/2026, avant le jour de visite du 17/03/2026.",
        "Assurance responsabilité civile professionnelle expiré(e) le 16/03/2026, avant le jour de visite du 17/03/2026.",
      ]);
    });
    it("asks a freelancer for the URSSAF attestation, not a salaried evaluator", () => {
      const withoutUrssaf = allDocuments().filter((d) => d.kind !== "URSSAF_VIGILANCE");
      expect(rulesOf(facts({ documents: withoutUrssaf })).blocking).toEqual([]);
      const freelance = facts({ documents: withoutUrssaf, auditor: { ...facts().auditor, status: "INDEPENDANT" } });
      expect(evaluateEligibility(freelance).blocking[0]?.message).toBe(
        "Document manquant : Attestation de vigilance URSSAF.",
      );
    });
    it("takes the most recent of several documents of a kind, and checks today when no day is set", () => {
      const docs = [...allDocuments("2025-12-31"), { kind: "RC_PRO_INSURANCE" as const, validUntil: "2026-12-31" }];
      expect(rulesOf(facts({ documents: docs })).e.blocking.map((r) => r.message)).toEqual([
        "Déclaration d'impartialité signée expiré(e) le 31/12/2025, avant le jour de visite du 16/03/2026.",
      ]);
      expect(rulesOf(facts({ days: [], documents: allDocuments("2026-01-09") })).e.blocking[0]?.message).toBe(
        "Déclaration d'impartialité signée expiré(e) le 09/01/2026.",
      );
      expect(rulesOf(facts({ days: [], documents: allDocuments("2026-01-10") })).blocking).toEqual([]);
    });
  });

  describe("warnings (a justification is needed)", () => {
    it("warns when the evaluator is not qualified for the ESSMS's sector domain", () => {
      const f = facts({ essms: { ...facts().essms, sectorDomains: ["PA", "PH"] } });
      const { blocking, warnings, e } = rulesOf(f);
      expect(blocking).toEqual([]);
      expect(e.eligible).toBe(true);
      expect(warnings).toEqual(["SECTOR_DOMAIN"]);
      expect(e.warnings[0]?.message).toBe(
        "Non qualifié(e) pour le domaine PH de « EHPAD Les Tilleuls » (compétences : PA).",
      );
    });
    it("warns when on declared leave or already booked on a visit day, not on the days around", () => {
      const f = facts({
        unavailability: [{ startDate: "2026-03-10", endDate: "2026-03-16", reason: "Congés" }],
        booked: [{ day: "2026-03-17", label: "contrat C-2026-0004, IME Les Pins" }],
      });
      expect(rulesOf(f).e.warnings.map((w) => w.message)).toEqual([
        "Indisponible le 16/03/2026 (du 10/03/2026 au 16/03/2026 : Congés).",
        "Déjà pris(e) le 17/03/2026 : contrat C-2026-0004, IME Les Pins.",
      ]);
      expect(rulesOf(f).warnings).toEqual(["AVAILABILITY", "DOUBLE_BOOKING"]);
      const around = facts({
        unavailability: [{ startDate: "2026-03-18", endDate: "2026-03-20", reason: null }],
        booked: [{ day: "2026-03-15", label: "x" }],
      });
      expect(rulesOf(around).warnings).toEqual([]);
    });
    it("warns above the monthly maximum, not at it", () => {
      const auditor = { ...facts().auditor, maxMissionsPerMonth: 3 };
      expect(rulesOf(facts({ auditor, monthLoads: { "2026-03": 2 } })).warnings).toEqual([]);
      const over = rulesOf(facts({ auditor, monthLoads: { "2026-03": 3 } }));
      expect(over.warnings).toEqual(["MONTHLY_MAXIMUM"]);
      expect(over.e.warnings[0]?.message).toBe("Déjà 3 mission(s) en mars 2026 : le maximum est de 3 par mois.");
    });
  });

  describe("team rules: active status, coordinator role, zone coverage", () => {
    it("blocks an inactive evaluator", () => {
      const { blocking, e } = rulesOf(facts({ auditor: { ...facts().auditor, active: false } }));
      expect(blocking).toEqual(["ACTIVE"]);
      expect(e.blocking[0]?.message).toBe("Évaluateur inactif : la fiche a été désactivée.");
    });
    it("blocks a coordinator without the coordinator role, not an evaluator without it", () => {
      const auditor = { ...facts().auditor, roles: ["EVALUATOR"] };
      expect(rulesOf(facts({ auditor, role: "COORDINATOR" })).blocking).toEqual(["COORDINATOR_ROLE"]);
      expect(rulesOf(facts({ auditor, role: "EVALUATOR" })).blocking).toEqual([]);
      expect(rulesOf(facts({ auditor })).blocking).toEqual([]);
    });
    it("warns when the ESSMS's département is outside the zones covered (none declared: not checked)", () => {
      const essms = { ...facts().essms, departement: "06", raisonSocial: "EHPAD Nice" };
      const auditor = { ...facts().auditor, zones: ["84", "42", "21", "44"] };
      const { warnings, e } = rulesOf(facts({ essms, auditor }));
      expect(warnings).toEqual(["ZONE"]);
      expect(e.warnings[0]?.message).toBe(
        "Le département 06 de « EHPAD Nice » n'est pas dans ses zones (84, 42, 21, 44).",
      );
      expect(rulesOf(facts({ essms, auditor: { ...auditor, zones: ["06"] } })).warnings).toEqual([]);
      expect(rulesOf(facts({ essms })).warnings).toEqual([]);
    });
  });

  describe("severities are a setting, the HAS rules always block", () => {
    it("turns a warning into a block and a block into a warning", () => {
      const essms = { ...facts().essms, sectorDomains: ["PA", "PH"] };
      const settings = {
        ...facts().settings,
        ruleSeverities: { SECTOR_DOMAIN: "BLOCKING", DOCUMENTS: "WARNING" } as const,
      };
      const r = rulesOf(facts({ essms, settings, documents: [] }));
      expect(r.blocking).toEqual(["SECTOR_DOMAIN"]);
      expect(r.warnings).toEqual(Array(5).fill("DOCUMENTS"));
    });
    it("ignores a stored severity for a HAS rule", () => {
      const settings = {
        ...facts().settings,
        ruleSeverities: { CURRENT_INTEREST: "WARNING" } as unknown as ImpartialityFacts["settings"]["ruleSeverities"],
      };
      expect(rulesOf(facts({ settings, links: [link("INTEREST", "2025-01-01", null)] })).blocking).toEqual([
        "CURRENT_INTEREST",
      ]);
    });
  });

  it("adds month arithmetic that clamps to the month's end", () => {
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonths("2024-02-29", 12)).toBe("2025-02-28");
    expect(addYears("2028-02-29", -5)).toBe("2023-02-28");
  });
});
