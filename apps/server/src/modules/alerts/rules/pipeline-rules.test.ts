import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContract, buildEssms, buildRequest } from "../../../../test/factories.js";
import { createTestApp, type TestContext } from "../../../../test/test-app.js";
import type { Database } from "../../../db/client.js";
import { auditLog, contractEstablishments, contracts, documents, missions, quotes } from "../../../db/schema/index.js";
import { listCases } from "../alerts.repository.js";
import { caseIds, expectFrom } from "../rule-test-kit.js";
import { atcDeadlineApproaching } from "./atc-deadline-approaching.js";
import { clientToProgram } from "./client-to-program.js";
import { contractWithoutDeadline } from "./contract-without-deadline.js";
import { febNotReceived } from "./feb-not-received.js";
import { febToRegenerate } from "./feb-to-regenerate.js";
import { quoteUnanswered } from "./quote-unanswered.js";
import { requestNew } from "./request-new.js";
import { requestWaiting } from "./request-waiting.js";

const FEB = {
  evaluationKind: "FIRST" as const,
  authorisationDate: null,
  authorisationEndDate: null,
  previousEvaluationDate: null,
  peopleSupported: 80,
  staffCount: 40,
  sites: 1,
  specificities: null,
  expectations: null,
  wishedPeriod: null,
  atcContact: null,
};

/** Rules of the commercial pipeline (Demandes, Feb, Dates), each at its threshold on chosen dates. */
describe("pipeline alert rules", () => {
  let ctx: TestContext;
  let db: Database;
  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.handle.db;
  });
  afterAll(() => ctx.close());

  const signedContract = async (values: Partial<typeof contracts.$inferInsert> = {}) => {
    const client = await buildEssms(db);
    const request = await buildRequest(db, { clientIds: [client.id], status: "SIGNED" });
    return buildContract(db, { requestId: request.id, clientIds: [client.id], status: "SIGNED", ...values });
  };

  it("request-new: every NEW request, until it moves on", async () => {
    const fresh = await buildRequest(db, { status: "NEW", receivedAt: "2026-03-10" });
    const studied = await buildRequest(db, { status: "QUOTE_DRAFT", receivedAt: "2026-03-10" });
    const ids = await caseIds(db, requestNew, "2026-03-10");
    expect(ids).toContain(fresh.id);
    expect(ids).not.toContain(studied.id);
  });

  it("request-waiting: a request in study 10 days after it was received", async () => {
    const r = await buildRequest(db, { status: "RECEVABILITY", receivedAt: "2026-03-01" });
    await expectFrom(db, requestWaiting, r.id, "2026-03-10", "2026-03-11");
    expect(await caseIds(db, requestWaiting, "2026-03-11", 20)).not.toContain(r.id);
  });

  it("quote-unanswered: a quote still SENT 30 days after it was sent (Paris day)", async () => {
    const r = await buildRequest(db, { status: "QUOTE_SENT" });
    const [q] = await db
      .insert(quotes)
      .values({
        requestId: r.id,
        number: "D-RULE-1",
        status: "SENT",
        vatRate: 0.2,
        travelExpenseMode: 2,
        totalHT: 100,
        totalVAT: 20,
        totalTTC: 120,
        sentAt: new Date("2026-02-28T23:30:00Z"), // 1 March in Paris
      })
      .returning();
    await expectFrom(db, quoteUnanswered, q?.id ?? "", "2026-03-30", "2026-03-31");
  });

  it("client-to-program: a client without visit date 15 days after signing", async () => {
    const c = await buildEssms(db, { clientSince: new Date("2026-03-01T12:00:00Z"), evaluationDate: null });
    await expectFrom(db, clientToProgram, c.id, "2026-03-15", "2026-03-16");
  });

  it("feb-not-received: a signed contract without its staff count 15 days after signing", async () => {
    const k = await signedContract({ signatureDate: "2026-03-01", feb: { ...FEB, staffCount: null } });
    const complete = await signedContract({ signatureDate: "2026-03-01", feb: FEB });
    await expectFrom(db, febNotReceived, k.id, "2026-03-15", "2026-03-16");
    expect(await caseIds(db, febNotReceived, "2026-04-01")).not.toContain(complete.id);
  });

  it("feb-to-regenerate: the contract changed after its FEB was generated", async () => {
    const k = await signedContract({ signatureDate: "2026-03-01", feb: FEB, deadline: "2026-06-30" });
    const [doc] = await db
      .insert(documents)
      .values({
        family: "CLIENT",
        name: `FEB ${k.number}`,
        metaCode: "FEB",
        fileName: "feb.pdf",
        mimeType: "application/pdf",
        size: 1,
        storageKey: `test/feb/${k.id}`,
        sha256: "0".repeat(64),
        createdAt: new Date("2026-03-05T10:00:00Z"),
      })
      .returning();
    await db.update(contracts).set({ febDocumentId: doc?.id }).where(eq(contracts.id, k.id));
    const entry = (summary: string, at: string) => ({
      actorLabel: "Test",
      action: "update",
      entityType: "contract",
      entityId: k.id,
      summary,
      occurredAt: new Date(at),
    });
    await db.insert(auditLog).values(entry(`FEB du contrat ${k.number} régénérée`, "2026-03-05T10:00:01Z"));
    expect(await caseIds(db, febToRegenerate, "2026-03-06")).not.toContain(k.id);
    await db.insert(auditLog).values(entry(`Besoin (FEB) du contrat ${k.number} modifié`, "2026-03-06T09:00:00Z"));
    expect(await caseIds(db, febToRegenerate, "2026-03-06")).toContain(k.id);
  });

  it("contract-without-deadline: a signed contract with no deadline", async () => {
    const none = await signedContract({ signatureDate: "2026-03-01", deadline: null });
    const dated = await signedContract({ signatureDate: "2026-03-01", deadline: "2026-09-01" });
    const ids = await caseIds(db, contractWithoutDeadline, "2026-03-02");
    expect(ids).toContain(none.id);
    expect(ids).not.toContain(dated.id);
  });

  it("heads a contract's case with its first establishment by name and its postal code", async () => {
    const zebre = await buildEssms(db, { raisonSocial: "Zèbre Foyer", postalCode: "75011" });
    const alpha = await buildEssms(db, { raisonSocial: "Alpha Maison", postalCode: "13001" });
    const request = await buildRequest(db, { clientIds: [zebre.id, alpha.id], status: "SIGNED" });
    const k = await buildContract(db, {
      requestId: request.id,
      clientIds: [zebre.id, alpha.id],
      status: "SIGNED",
      signatureDate: "2026-03-01",
      deadline: null,
    });
    const rows = await listCases(
      { db, today: "2026-03-02", now: new Date("2026-03-02T10:00:00Z") },
      { rules: [contractWithoutDeadline], days: new Map() },
      { limit: 1000, offset: 0 },
    );
    expect(rows.find((r) => r.record_id === k.id)).toMatchObject({
      raison_social: "Alpha Maison",
      postal_code: "13001",
    });
  });

  it("atc-deadline-approaching: the FEB's authorisation end within 180 days, evaluation open", async () => {
    const k = await signedContract({
      signatureDate: "2026-03-01",
      feb: { ...FEB, authorisationEndDate: "2026-12-31" },
    });
    const [ce] = await db.select().from(contractEstablishments).where(eq(contractEstablishments.contractId, k.id));
    await db.insert(missions).values({ contractId: k.id, clientId: ce?.clientId ?? "", kind: "ESSMS_EVALUATION" });
    // 31 December − 180 days = 4 July.
    await expectFrom(db, atcDeadlineApproaching, k.id, "2026-07-03", "2026-07-04");
  });
});
