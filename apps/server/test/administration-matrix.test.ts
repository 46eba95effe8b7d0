import {
  defaultGrants,
  grantableCodes,
  OPERATIONS,
  PERMISSION_CODES,
  type PermissionGrant,
  PROFILE_TYPES,
  type ProfileType,
} from "@certidesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadGrants, replaceGrants } from "../src/modules/profiles/profiles.repository.js";
import { buildAuditor, buildClient, buildUser } from "./factories.js";
import { authChangesHeard, type Session, signIn } from "./session.js";
import { createTestApp, type TestContext } from "./test-app.js";

/**
 * Every profile, with its default rights, with ADMIN added to them and with every right it could hold,
 * tries every administration call on an account of every profile, on every profile's rights, and on
 * itself. The oracle below is the rule of docs/permissions.md ("Administration des comptes et des
 * droits") written again here, from the grants alone: the only successes are the ones it allows.
 */
type Grants = PermissionGrant[];
const PORTAL = new Set<ProfileType>(["AUDITEUR", "MYQUALIANOR"]);
const holds = (grants: Grants, code: string, op: (typeof OPERATIONS)[number]) =>
  grants.some((g) => g.code === code && g.operation[op]);
const within = (inner: Grants, outer: Grants) =>
  inner.every((g) => OPERATIONS.every((op) => !g.operation[op] || holds(outer, g.code, op)));
const all = (codes: readonly string[]): Grants =>
  PERMISSION_CODES.map((code) => ({
    code,
    operation: Object.fromEntries(OPERATIONS.map((op) => [op, codes.includes(code)])) as Grants[number]["operation"],
  }));
const withAdmin = (grants: Grants): Grants =>
  grants.map((g) =>
    g.code === "ADMIN" ? { ...g, operation: { create: true, read: true, update: true, delete: true } } : g,
  );

const SCENARIOS: Record<string, (profile: ProfileType) => Grants> = {
  "default rights": defaultGrants,
  // A Quality manager (or anyone) handed ADMIN: the takeover the rule must stop. The portal profiles get
  // it past the rights screen (straight in the database), as a mistake would.
  "default rights and ADMIN": (profile) => withAdmin(defaultGrants(profile)),
  "every right it could hold": (profile) => all(PORTAL.has(profile) ? grantableCodes(profile) : PERMISSION_CODES),
};

describe("administration matrix", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const links = async (profile: ProfileType) => ({
    auditorId: profile === "AUDITEUR" ? (await buildAuditor(ctx.handle.db)).id : null,
    clientId: profile === "MYQUALIANOR" ? (await buildClient(ctx.handle.db)).id : null,
  });

  for (const [scenario, grantsOf] of Object.entries(SCENARIOS)) {
    for (const actorProfile of PROFILE_TYPES) {
      it(`${actorProfile} with ${scenario}`, async () => {
        const db = ctx.handle.db;
        await replaceGrants(db, actorProfile, grantsOf(actorProfile));
        await authChangesHeard(ctx);
        const failures: string[] = [];
        try {
          const actorUser = await buildUser(db, actorProfile);
          const session: Session = await signIn(ctx, actorUser.identifier);
          const mine = await loadGrants(db, actorProfile);
          const staff = !PORTAL.has(actorProfile);
          const may = (op: "create" | "update") => staff && holds(mine, "ADMIN", op);
          const reach = async (profile: ProfileType) => within(await loadGrants(db, profile), mine);
          const call = async (method: "POST" | "PUT", url: string, payload?: object) =>
            (await ctx.app.inject({ method, url, headers: session.bearer, ...(payload ? { payload } : {}) }))
              .statusCode;
          const check = (label: string, status: number, allowed: boolean) => {
            if (allowed ? status !== 200 : status === 200 || status >= 500)
              failures.push(`${label}: ${status}, expected ${allowed ? "200" : "a refusal"}`);
          };

          for (const profile of PROFILE_TYPES) {
            const n = Math.random().toString(36).slice(2, 10);
            const status = await call("POST", "/api/users", {
              identifier: `nouveau-${n}@test.fr`,
              password: "Une-phrase-de-passe-provisoire",
              firstName: "Nouveau",
              lastName: "Compte",
              email: "",
              profileType: profile,
              ...(await links(profile)),
            });
            check(`create a ${profile} account`, status, may("create") && (await reach(profile)));
          }

          for (const targetProfile of PROFILE_TYPES) {
            const targetReach = await reach(targetProfile);
            const fresh = () => buildUser(db, targetProfile);
            for (const newProfile of ["DIR", "CC"] as const) {
              const t = await fresh();
              const status = await call("PUT", `/api/users/${t.id}`, {
                firstName: t.firstName,
                lastName: t.lastName,
                email: t.email ?? "",
                profileType: newProfile,
                version: t.version,
              });
              const allowed = may("update") && targetReach && (await reach(newProfile));
              check(`make a ${targetProfile} account ${newProfile}`, status, allowed);
            }
            let t = await fresh();
            check(
              `deactivate a ${targetProfile} account`,
              await call("POST", `/api/users/${t.id}/active`, { active: false, version: t.version }),
              may("update") && targetReach,
            );
            t = await fresh();
            check(
              `send a reset link to a ${targetProfile} account`,
              await call("POST", `/api/users/${t.id}/reset-link`),
              may("update") && targetReach,
            );
            t = await fresh();
            check(
              `give a provisional password to a ${targetProfile} account`,
              await call("POST", `/api/users/${t.id}/temporary-password`),
              may("update") && targetReach,
            );
          }

          for (const profile of PROFILE_TYPES) {
            const current = await loadGrants(db, profile);
            const grantable = grantableCodes(profile);
            const editable = may("update") && profile !== actorProfile && within(current, mine);
            // Remove the first right the profile holds (Direction keeps its administration rights).
            const removable = current.find(
              (g) => g.operation.read && (profile !== "DIR" || !["SETTING", "ADMIN"].includes(g.code)),
            );
            if (removable) {
              const next = current.map((g) =>
                g === removable ? { ...g, operation: { ...g.operation, read: false } } : g,
              );
              await tryProfileEdit(profile, next, editable, `remove ${removable.code} from ${profile}`);
            }
            // Add a right the actor lacks if there is one (refused), else one it holds that the profile lacks.
            const lacking = PERMISSION_CODES.find((code) => grantable.includes(code) && !holds(mine, code, "delete"));
            const extra = lacking ?? grantable.find((code) => !holds(current, code, "delete"));
            if (extra) {
              const next = current.map((g) =>
                g.code === extra ? { ...g, operation: { ...g.operation, delete: true } } : g,
              );
              await tryProfileEdit(profile, next, editable && !lacking, `grant ${extra} delete to ${profile}`);
            }
          }

          async function tryProfileEdit(profile: ProfileType, next: Grants, allowed: boolean, label: string) {
            const before = await loadGrants(db, profile);
            const [row] = await ctx.handle.queryRaw<{ version: number }>(
              "select version from profiles where profile_type = $1",
              [profile],
            );
            const status = await call("PUT", `/api/profiles/${profile}/permissions`, {
              permissions: next,
              version: row?.version ?? 1,
            });
            check(label, status, allowed);
            const after = await loadGrants(db, profile);
            if (status !== 200 && JSON.stringify(after) !== JSON.stringify(before))
              failures.push(`${label}: refused but changed`);
            if (status === 200) {
              await replaceGrants(db, profile, before);
              await authChangesHeard(ctx);
            }
          }

          check(
            "change one's own profile",
            await call("PUT", `/api/users/${actorUser.id}`, {
              firstName: actorUser.firstName,
              lastName: actorUser.lastName,
              email: actorUser.email ?? "",
              profileType: actorProfile === "DIR" ? "CC" : "DIR",
              version: actorUser.version,
            }),
            false,
          );
          check(
            "give oneself a provisional password",
            await call("POST", `/api/users/${actorUser.id}/temporary-password`),
            false,
          );
          check(
            "deactivate oneself",
            await call("POST", `/api/users/${actorUser.id}/active`, { active: false, version: 1 }),
            false,
          );
        } finally {
          await replaceGrants(ctx.handle.db, actorProfile, defaultGrants(actorProfile));
          await authChangesHeard(ctx);
        }
        expect(failures).toEqual([]);
      });
    }
  }
});
