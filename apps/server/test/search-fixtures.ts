import type { SearchKind, SearchResponse } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { clients, contacts, documents, invoices, mailOutbox, quotes } from "../src/db/schema/index.js";
import { buildAuditor, buildGestionnaire } from "./factories.js";
import { signedContract } from "./mission-fixtures.js";
import type { Session } from "./session.js";
import type { TestContext } from "./test-app.js";

/** `GET /api/search?q=…` as this session, answered 200. */
export async function search(ctx: TestContext, session: Session, q: string): Promise<SearchResponse> {
  const response = await ctx.app.inject({
    method: "GET",
    url: `/api/search?q=${encodeURIComponent(q)}`,
    headers: session.bearer,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchResponse;
}

/** The ids found per kind. */
export const idsByKind = (response: SearchResponse) =>
  Object.fromEntries(response.groups.map((g) => [g.kind, g.results.map((r) => r.id)])) as Partial<
    Record<SearchKind, string[]>
  >;

const file = (name: string) => ({
  fileName: `${name.toLowerCase().replace(/\W+/g, "-")}.pdf`,
  mimeType: "application/pdf",
  size: 1,
  storageKey: `test/${name}`,
  sha256: "0".repeat(64),
});

const buyer = (name: string) => ({
  name,
  legalForm: null,
  address: null,
  postalCode: null,
  city: null,
  siren: null,
  siret: null,
  vatNumber: null,
  email: null,
});

/**
 * Two establishments whose names hold `word` ("Résidence <Word> Nord", "… Sud"), each with a signed contract,
 * its mission and its evaluator (the first evaluator coordinates the north's mission only), and around them
 * one record of every kind holding `word` or the number `year`: a gestionnaire, a contact, a quote, issued
 * invoices (and a draft for the north), documents of every family, a mail. `signer` signs the contracts
 * (PROSPECT update).
 */
export async function searchWorld(ctx: TestContext, signer: Session, word: string, year: number) {
  const db = ctx.handle.db;
  const evaluators = [
    await buildAuditor(db, { firstName: "Yves", lastName: `${word} Un` }),
    await buildAuditor(db, { firstName: "Yann", lastName: `${word} Deux` }),
  ];
  const sides = [];
  for (const [i, side] of ["Nord", "Sud"].entries()) {
    const evaluator = evaluators[i];
    if (!evaluator) throw new Error("evaluator missing");
    const signed = await signedContract(ctx, signer, { team: [{ auditorId: evaluator.id, role: "COORDINATOR" }] });
    const clientId = signed.clientIds[0] ?? "";
    const mission = signed.missions[0];
    if (!mission) throw new Error("mission missing");
    await db
      .update(clients)
      .set({ raisonSocial: `Résidence ${word} ${side}` })
      .where(eq(clients.id, clientId));
    sides.push({ clientId, mission, contract: signed.contract, evaluator });
  }
  const [north, south] = sides;
  if (!north || !south) throw new Error("sides missing");
  const gestionnaire = await buildGestionnaire(db, { raisonSocial: `Association ${word}` });
  const [contact] = await db
    .insert(contacts)
    .values({ firstName: "Gaëlle", lastName: `Le ${word}`, clientId: north.clientId, mobilePhone: "06 98 76 54 32" })
    .returning();
  const [quote] = await db
    .insert(quotes)
    .values({
      requestId: north.contract.requestId,
      number: `D-${year}-0001`,
      status: "SENT",
      vatRate: 0.2,
      travelExpenseMode: 2,
      totalHT: 3250,
      totalVAT: 650,
      totalTTC: 3900,
    })
    .returning();
  const invoice = (side: typeof north, number: string | null, cents: number) => ({
    kind: "DEPOSIT",
    status: number ? "INVOICE_SEND" : "INVOICE_PREPARE",
    number,
    contractId: side.contract.id,
    missionId: side.mission.id,
    clientId: side.clientId,
    buyer: buyer(`Fondation ${word}`),
    totalTtcCents: cents,
  });
  const [northInvoice, northDraft, southInvoice] = await db
    .insert(invoices)
    .values([
      invoice(north, `F-${year}-0001`, 390000),
      invoice(north, null, 120000),
      invoice(south, `F-${year}-0002`, 150050),
    ])
    .returning();
  const doc = (family: string, name: string, owner: { clientId?: string; auditorId?: string } = {}) => ({
    family,
    name,
    ...owner,
    ...file(name),
  });
  const docs = await db
    .insert(documents)
    .values([
      doc("GENERAL", `Procédure ${word}`),
      doc("RH", `Dossier du personnel ${word}`),
      doc("AUDITOR", `Attestation ${word} Yves`, { auditorId: evaluators[0]?.id }),
      doc("AUDITOR", `Attestation ${word} Yann`, { auditorId: evaluators[1]?.id }),
      doc("CLIENT", `Compte rendu ${word} Nord`, { clientId: north.clientId }),
      doc("CLIENT", `Compte rendu ${word} Sud`, { clientId: south.clientId }),
    ])
    .returning();
  const [mail] = await db
    .insert(mailOutbox)
    .values({ to: ["accueil@residence.fr"], subject: `Relance ${word}`, body: "…", clientId: north.clientId })
    .returning();
  const byName = (part: string) => docs.find((d) => d.name.includes(part))?.id ?? "";
  return {
    north,
    south,
    gestionnaire,
    contactId: contact?.id ?? "",
    quoteId: quote?.id ?? "",
    invoices: { north: northInvoice?.id ?? "", northDraft: northDraft?.id ?? "", south: southInvoice?.id ?? "" },
    documents: {
      general: byName("Procédure"),
      hr: byName("personnel"),
      yves: byName("Yves"),
      yann: byName("Yann"),
      north: byName("Nord"),
      south: byName("Sud"),
    },
    mailId: mail?.id ?? "",
  };
}
