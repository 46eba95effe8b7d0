import type {
  AuditorDocumentKind,
  EligibilityReason,
  ImpartialityRule,
  LinkNature,
  RuleSeverities,
} from "@certidesk/shared";

/** Everything the engine needs, loaded beforehand: the rules are pure functions of these facts. */
export interface ImpartialityFacts {
  /** Today (Europe/Paris): the reference day when no visit day is known yet. */
  today: string;
  /** Visit days, sorted; may be empty (the visit is still to be programmed). */
  days: string[];
  settings: {
    adviceMonthsBefore: number;
    adviceMonthsAfter: number;
    employmentYears: number;
    sameDepartementRule: boolean;
    documentsRule: boolean;
    /** Which editable rules block and which warn (the HAS rules always block). */
    ruleSeverities: RuleSeverities;
  };
  /** The role the evaluator would hold on the mission, when known (a coordinator needs the role). */
  role?: "COORDINATOR" | "EVALUATOR" | undefined;
  auditor: {
    id: string;
    status: string;
    active: boolean;
    roles: string[];
    /** Départements covered (none declared: not checked). */
    zones: string[];
    sectorDomains: string[];
    maxMissionsPerMonth: number | null;
  };
  essms: {
    id: string;
    raisonSocial: string;
    departement: string | null;
    legalEntityId: string | null;
    gestionnaireId: string | null;
    sectorDomains: string[];
  };
  links: LinkFact[];
  documents: Array<{ kind: AuditorDocumentKind; validUntil: string | null }>;
  unavailability: Array<{ startDate: string; endDate: string; reason: string | null }>;
  /** Days already taken elsewhere (other contract programmes, missions). */
  booked: Array<{ day: string; label: string }>;
  /** Missions already held per month ("YYYY-MM"), this assignment excluded. */
  monthLoads: Record<string, number>;
}

/** A link of interest, with the organisation it names resolved to its legal entity, gestionnaire, département. */
export interface LinkFact {
  organisationType: "ESSMS" | "LEGAL_ENTITY" | "GESTIONNAIRE";
  organisationId: string;
  organisationName: string;
  nature: LinkNature;
  startDate: string;
  endDate: string | null;
  legalEntityId: string | null;
  gestionnaireId: string | null;
  /** For an ESSMS: its département. */
  departement: string | null;
}

export type Rule = (facts: ImpartialityFacts) => Array<Omit<EligibilityReason, "rule" | "severity">>;
/** A rule and its check; whether it blocks or warns is the settings' (`ruleSeverity`). */
export interface RuleDefinition {
  rule: ImpartialityRule;
  check: Rule;
}

/** The first and last visit days, or today twice when none is known. */
export const visitSpan = (f: ImpartialityFacts) => ({
  first: f.days[0] ?? f.today,
  last: f.days[f.days.length - 1] ?? f.today,
});

/**
 * Whether a link names the ESSMS "or its managing organisation": the ESSMS itself, its legal entity,
 * its gestionnaire, or another ESSMS or legal entity of the same legal entity or gestionnaire.
 */
export function concernsEssms(link: LinkFact, essms: ImpartialityFacts["essms"]): boolean {
  if (link.organisationType === "ESSMS" && link.organisationId === essms.id) return true;
  if (link.organisationType === "GESTIONNAIRE") return link.organisationId === essms.gestionnaireId;
  if (essms.legalEntityId && link.legalEntityId === essms.legalEntityId) return true;
  return !!essms.gestionnaireId && link.gestionnaireId === essms.gestionnaireId;
}
