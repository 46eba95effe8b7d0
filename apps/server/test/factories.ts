import type { ProfileType } from "@certidesk/shared";
import type { Database } from "../src/db/client.js";
import { auditors, clients, users } from "../src/db/schema/index.js";
import { hashPassword } from "../src/lib/passwords.js";

export const TEST_PASSWORD = "Test-mot-de-passe-1";
let hashed: Promise<string> | undefined;
// scrypt is slow on purpose: hash the shared test password once per test file.
const testHash = () => {
  hashed ??= hashPassword(TEST_PASSWORD);
  return hashed;
};

let sequence = 0;
const next = () => ++sequence;

export async function buildClient(db: Database, overrides: Partial<typeof clients.$inferInsert> = {}) {
  const [row] = await db
    .insert(clients)
    .values({ raisonSocial: `EHPAD Test ${next()}`, postalCode: "75011", city: "Paris", ...overrides })
    .returning();
  if (!row) throw new Error("client not inserted");
  return row;
}

export async function buildAuditor(db: Database, overrides: Partial<typeof auditors.$inferInsert> = {}) {
  const [row] = await db
    .insert(auditors)
    .values({ firstName: "Évaluateur", lastName: `Test ${next()}`, postalCode: "69003", ...overrides })
    .returning();
  if (!row) throw new Error("auditor not inserted");
  return row;
}

/** A user of the given profile, linked to a new evaluator or client when the profile needs one. */
export async function buildUser(
  db: Database,
  profileType: ProfileType,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  const n = next();
  const auditorId = profileType === "AUDITEUR" ? (overrides.auditorId ?? (await buildAuditor(db)).id) : null;
  const clientId = profileType === "MYQUALIANOR" ? (overrides.clientId ?? (await buildClient(db)).id) : null;
  const [row] = await db
    .insert(users)
    .values({
      identifier: `${profileType.toLowerCase()}-${n}@test.fr`,
      passwordHash: await testHash(),
      firstName: "Prénom",
      lastName: `Nom ${n}`,
      email: `${profileType.toLowerCase()}-${n}@test.fr`,
      profileType,
      auditorId,
      clientId,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("user not inserted");
  return row;
}
