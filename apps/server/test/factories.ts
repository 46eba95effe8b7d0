import { departementOf, documentKindNeedsValidity, type ProfileType, requiredDocumentKinds } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import type { Database } from "../src/db/client.js";
import {
  auditors,
  clients,
  configuration,
  contacts,
  contractEstablishments,
  contracts,
  documents,
  gestionnaires,
  legalEntities,
  requestClients,
  requestEstablishments,
  users,
} from "../src/db/schema/index.js";
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

/**
 * An evaluator qualified for every sector domain and holding every required document, valid until
 * 2099 (rows only: no file is read), so that the impartiality engine lets them be assigned;
 * `withDocuments: false` leaves the file without documents.
 */
export async function buildAuditor(
  db: Database,
  overrides: Partial<typeof auditors.$inferInsert> & { withDocuments?: boolean } = {},
) {
  const { withDocuments = true, ...values } = overrides;
  const [row] = await db
    .insert(auditors)
    .values({
      firstName: "Évaluateur",
      lastName: `Test ${next()}`,
      postalCode: "69003",
      city: "Lyon",
      departement: "69",
      sectorDomains: ["PA", "PH", "PEPJJ", "PDS", "AHI"],
      // Both roles: any test evaluator may coordinate (the coordinator-role rule has its own tests).
      roles: ["EVALUATOR", "COORDINATOR"],
      ...values,
    })
    .returning();
  if (!row) throw new Error("auditor not inserted");
  if (withDocuments) {
    await db.insert(documents).values(
      requiredDocumentKinds(row.status).map((kind) => ({
        family: "AUDITOR",
        auditorId: row.id,
        name: kind,
        auditorDocumentKind: kind,
        validUntil: documentKindNeedsValidity(kind) ? "2099-12-31" : null,
        fileName: `${kind.toLowerCase()}.pdf`,
        mimeType: "application/pdf",
        size: 1,
        storageKey: `test/${row.id}/${kind}`,
        sha256: "0".repeat(64),
      })),
    );
  }
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

export async function buildGestionnaire(db: Database, overrides: Partial<typeof gestionnaires.$inferInsert> = {}) {
  const [row] = await db
    .insert(gestionnaires)
    .values({ raisonSocial: `Association Gestionnaire ${next()}`, city: "Lyon", postalCode: "69002", ...overrides })
    .returning();
  if (!row) throw new Error("gestionnaire not inserted");
  return row;
}

export async function buildLegalEntity(db: Database, overrides: Partial<typeof legalEntities.$inferInsert> = {}) {
  const [row] = await db
    .insert(legalEntities)
    .values({
      raisonSocial: `Association Test ${next()}`,
      address: "1 rue de la Paix",
      postalCode: "75002",
      city: "Paris",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("legal entity not inserted");
  return row;
}

/**
 * An ESSMS client: under a new legal entity unless one is given, a client (client_since set) unless
 * told otherwise, with a main contact when `contact` is given.
 */
export async function buildEssms(
  db: Database,
  overrides: Partial<typeof clients.$inferInsert> & {
    contact?: Partial<typeof contacts.$inferInsert>;
    prospect?: boolean;
  } = {},
) {
  const { contact, prospect, ...values } = overrides;
  const n = next();
  const legalEntityId = values.legalEntityId ?? (await buildLegalEntity(db)).id;
  const postalCode = values.postalCode ?? "69003";
  const [row] = await db
    .insert(clients)
    .values({
      raisonSocial: `EHPAD Essai ${n}`,
      finess: `69${String(n).padStart(7, "0")}`,
      address: `${n} avenue des Tests`,
      city: "Lyon",
      typologySector: "MEDICO_SOCIAL",
      typologyType: "ESTABLISHMENT",
      sectorDomains: ["PA"],
      clientSince: prospect ? null : new Date(),
      ...values,
      postalCode,
      departement: departementOf(postalCode),
      legalEntityId,
    })
    .returning();
  if (!row) throw new Error("ESSMS not inserted");
  if (contact) {
    await db
      .insert(contacts)
      .values({ firstName: "Claire", lastName: "Martin", ...contact, clientId: row.id, isMain: true });
  }
  return row;
}

/** A request (prospect) for the given establishments, or for a new prospect establishment. */
export async function buildRequest(
  db: Database,
  overrides: Partial<typeof requestClients.$inferInsert> & { clientIds?: string[] } = {},
) {
  const { clientIds, ...values } = overrides;
  const establishments = clientIds ?? [
    (await buildEssms(db, { prospect: true, legalEntityId: values.legalEntityId })).id,
  ];
  const [first] = await db
    .select()
    .from(clients)
    .where(eq(clients.id, establishments[0] ?? ""));
  const [row] = await db
    .insert(requestClients)
    .values({
      reference: `DEM-TEST-${String(next()).padStart(4, "0")}`,
      legalEntityId: first?.legalEntityId ?? "",
      service: "ESSMS_EVALUATION",
      source: "DIRECT",
      status: "NEW",
      receivedAt: "2026-01-15",
      ...values,
    })
    .returning();
  if (!row) throw new Error("request not inserted");
  await db.insert(requestEstablishments).values(establishments.map((clientId) => ({ requestId: row.id, clientId })));
  return row;
}

/** The company identity that quotes and contracts need before they can be sent. */
export async function completeCompanyIdentity(db: Database) {
  await db.update(configuration).set({
    companyName: "Évaluations Rhône Conseil",
    legalForm: "SAS",
    siret: "90123456700018",
    vatNumber: "FR12901234567",
    address: "8 place Bellecour",
    postalCode: "69002",
    city: "Lyon",
  });
}

/** A contract (draft unless told otherwise) for a request, covering the request's establishments. */
export async function buildContract(
  db: Database,
  overrides: Partial<typeof contracts.$inferInsert> & { requestId: string; clientIds: string[] },
) {
  const { clientIds, ...values } = overrides;
  const [row] = await db
    .insert(contracts)
    .values({
      number: `C-TEST-${String(next()).padStart(4, "0")}`,
      amountHT: 5000,
      vatRate: 0.2,
      amountVAT: 1000,
      amountTTC: 6000,
      travelExpenseMode: 2,
      ...values,
    })
    .returning();
  if (!row) throw new Error("contract not inserted");
  await db.insert(contractEstablishments).values(clientIds.map((clientId) => ({ contractId: row.id, clientId })));
  return row;
}
