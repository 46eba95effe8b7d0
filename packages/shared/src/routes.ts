import { hasPermission, type PermissionCode, type PermissionGrant } from "./permissions.js";
import type { ProfileType } from "./profiles.js";

/**
 * The spec's route table (section 2), one place for the web guards and their tests.
 * Paths are the segments after /app/ ("client", "timeline-client/42", "setting/profils").
 */
type RouteRule = { code: PermissionCode; requirement: "any" | "create" | "update" } | "always";

const RULES: Array<{ pattern: RegExp; rule: RouteRule }> = [
  { pattern: /^alert$/, rule: "always" },
  { pattern: /^client$/, rule: { code: "CLIENT", requirement: "any" } },
  { pattern: /^timeline-client\/[^/]+$/, rule: { code: "CLIENT", requirement: "any" } },
  { pattern: /^mission\/[^/]+\/[^/]+$/, rule: { code: "CLIENT", requirement: "any" } },
  { pattern: /^contract-client\/[^/]+$/, rule: { code: "CLIENT", requirement: "any" } },
  { pattern: /^gestionnaire$/, rule: { code: "GESTIONNAIRE", requirement: "any" } },
  { pattern: /^gestionnaire\/[^/]+$/, rule: { code: "GESTIONNAIRE", requirement: "any" } },
  { pattern: /^prospect$/, rule: { code: "PROSPECT", requirement: "any" } },
  { pattern: /^contract\/[^/]+$/, rule: { code: "PROSPECT", requirement: "any" } },
  { pattern: /^timeline-prospect\/[^/]+$/, rule: { code: "PROSPECT", requirement: "any" } },
  { pattern: /^mission$/, rule: { code: "MISSION", requirement: "any" } },
  // Evaluators' files (issue 10): read with MISSION like the planning profiles; writes need AUDITOR.
  { pattern: /^evaluateur$/, rule: { code: "MISSION", requirement: "any" } },
  { pattern: /^evaluateur\/[^/]+$/, rule: { code: "MISSION", requirement: "any" } },
  // Client invoices (issue 12): code INVOICE, added to the spec's catalogue.
  { pattern: /^facture$/, rule: { code: "INVOICE", requirement: "any" } },
  { pattern: /^facture\/[^/]+$/, rule: { code: "INVOICE", requirement: "any" } },
  // What is to be paid to the evaluators (issue 38): those who record reimbursements and fee payments.
  { pattern: /^frais$/, rule: { code: "MISSION", requirement: "update" } },
  { pattern: /^biblio$/, rule: { code: "CERTMANAGER_DOCUMENT", requirement: "any" } },
  { pattern: /^mail$/, rule: { code: "MAIL", requirement: "any" } },
  { pattern: /^setting$/, rule: { code: "SETTING", requirement: "any" } },
  { pattern: /^setting\/[^/]+$/, rule: { code: "SETTING", requirement: "any" } },
  { pattern: /^entite-juridique$/, rule: { code: "NOUVEAU", requirement: "create" } },
  { pattern: /^nouveau$/, rule: { code: "NOUVEAU", requirement: "create" } },
  { pattern: /^statistiques$/, rule: { code: "STATISTIC", requirement: "create" } },
  { pattern: /^wall$/, rule: { code: "WALL", requirement: "any" } },
];

/** Whether the spec's route table knows the path at all (a screen that does not exist is "not found", not "denied"). */
export function isAppRoute(path: string): boolean {
  const clean = path.replace(/^\/+|\/+$/g, "").replace(/^app\//, "");
  return RULES.some((r) => r.pattern.test(clean));
}

/** Whether a signed-in user may open an /app/ route; any route not in the table is denied. */
export function canOpenAppRoute(path: string, grants: readonly PermissionGrant[]): boolean {
  const clean = path.replace(/^\/+|\/+$/g, "").replace(/^app\//, "");
  const match = RULES.find((r) => r.pattern.test(clean));
  if (!match) return false;
  if (match.rule === "always") return true;
  return hasPermission(grants, match.rule.code, match.rule.requirement);
}

const STAFF_LANDING = "/app/alert";
const CLIENT_LANDING = "/my-ingeris/donnees-certification";
const EVALUATOR_SPACE_PREFIX = "/espace-evaluateur";

/** Post-login destination by profile (spec section 4); null for any other type: no navigation. */
export function landingPathFor(user: { profileType: ProfileType | string; auditorId?: string | null }): string | null {
  switch (user.profileType) {
    case "DIR":
    case "CC":
    case "CMCC":
    case "CMADMIN":
    case "QSE":
    case "RH":
    case "CPI":
    case "COMPTA":
      return STAFF_LANDING;
    case "MYQUALIANOR":
      return CLIENT_LANDING;
    case "AUDITEUR":
      return user.auditorId ? `${EVALUATOR_SPACE_PREFIX}/${user.auditorId}` : null;
    default:
      return null;
  }
}
