import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  OPERATIONS,
  type Operation,
  PERMISSION_CODES,
  type PermissionCode,
  PROFILE_TYPES,
  type ProfileType,
  type Requirement,
} from "@certidesk/shared";

/**
 * Reads the two tables of docs/permissions.md, the oracle of the authorization tests: the default
 * rights of each profile, and the right each API route requires. Written for people, read here, so
 * the code is checked against a table nobody derived from it.
 */
export const PERMISSIONS_DOC = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../docs/permissions.md",
);

export type DocAccess = "public" | "authenticated" | { code: PermissionCode; op: Requirement; staff?: true };
export interface DocRoute {
  method: string;
  url: string;
  access: DocAccess;
}

const LETTERS: Record<string, Operation> = { C: "create", R: "read", U: "update", D: "delete" };

/** The rows of the markdown table whose header starts with `firstHeader`, as arrays of trimmed cells. */
function tableRows(markdown: string, firstHeader: string): string[][] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`| ${firstHeader} |`));
  if (start < 0) throw new Error(`docs/permissions.md: no table starting with "${firstHeader}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

export function readPermissionsDoc(markdown = fs.readFileSync(PERMISSIONS_DOC, "utf8")) {
  const [header, , ...grantRows] = tableRows(markdown, "Code");
  const profiles = (header ?? []).slice(1) as ProfileType[];
  if ([...profiles].sort().join() !== [...PROFILE_TYPES].sort().join())
    throw new Error(`docs/permissions.md: profile columns ${profiles.join(", ")} differ from the catalogue`);
  const grants = Object.fromEntries(PROFILE_TYPES.map((p) => [p, {}])) as Record<
    ProfileType,
    Partial<Record<PermissionCode, Set<Operation>>>
  >;
  for (const [label = "", ...cells] of grantRows) {
    const code = label.split(" ")[0] as PermissionCode;
    if (!PERMISSION_CODES.includes(code)) throw new Error(`docs/permissions.md: unknown code in "${label}"`);
    profiles.forEach((profile, i) => {
      const cell = cells[i] ?? "";
      const ops = cell === "—" ? [] : [...cell].map((letter) => LETTERS[letter]);
      if (ops.some((op) => !op)) throw new Error(`docs/permissions.md: "${cell}" for ${code} × ${profile}`);
      grants[profile][code] = new Set(ops as Operation[]);
    });
  }

  const [, , ...routeRows] = tableRows(markdown, "Méthode");
  const routes: DocRoute[] = routeRows.map(([method = "", url = "", right = ""]) => ({
    method,
    url: url.replace(/`/g, ""),
    access: parseAccess(right),
  }));

  // The codes the evaluators' and client users' profiles may hold; every other code is staff data.
  const [, , ...portalRows] = tableRows(markdown, "Profil");
  const portalCodes = Object.fromEntries(
    portalRows.map(([profile = "", codes = ""]) => [profile, codes.split(",").map((c) => c.trim())]),
  ) as Partial<Record<ProfileType, PermissionCode[]>>;
  for (const profile of ["AUDITEUR", "MYQUALIANOR"] as const)
    if (!portalCodes[profile]) throw new Error(`docs/permissions.md: no codes listed for ${profile}`);
  return { grants, routes, portalCodes };
}

function parseAccess(right: string): DocAccess {
  if (right === "public") return "public";
  if (right === "connecté") return "authenticated";
  const [grant = "", mark] = right.split(",").map((part) => part.trim());
  const [code, letter = ""] = grant.split(" ") as [PermissionCode, string];
  const op: Requirement | undefined = letter === "*" ? "any" : LETTERS[letter];
  if (!PERMISSION_CODES.includes(code) || !op || (mark !== undefined && mark !== "interne"))
    throw new Error(`docs/permissions.md: unreadable right "${right}"`);
  return mark ? { code, op, staff: true } : { code, op };
}

/**
 * Whether the documented route is closed to a portal profile whatever its grants: marked "interne", or
 * requiring a code the profile may not be granted (docs/permissions.md, "Profils évaluateur et client").
 */
export function docClosedToPortal(access: DocAccess, portalCodes: PermissionCode[] | undefined): boolean {
  if (typeof access !== "object" || !portalCodes) return false;
  return access.staff === true || !portalCodes.includes(access.code);
}

/** Whether a profile holding the documented default rights passes a documented route access. */
export function docAllows(
  grants: Partial<Record<PermissionCode, Set<Operation>>>,
  access: DocAccess,
  signedIn: boolean,
  portalCodes?: PermissionCode[],
): boolean {
  if (access === "public") return true;
  if (!signedIn) return false;
  if (access === "authenticated") return true;
  if (docClosedToPortal(access, portalCodes)) return false;
  const held = grants[access.code] ?? new Set<Operation>();
  return access.op === "any" ? OPERATIONS.some((op) => held.has(op)) : held.has(access.op);
}
