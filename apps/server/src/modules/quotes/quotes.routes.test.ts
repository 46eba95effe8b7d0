import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEssms, buildRequest, buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { pdfText } from "../../../test/pdf-text.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import {
  configuration,
  contracts,
  documents,
  mailAttachments,
  mailOutbox,
  numberingSeries,
  requestClients,
} from "../../db/schema/index.js";

const year = new Date().getFullYear();
const quoteBody = {
  lines: [
    { service: "Préparation de l'évaluation", days: 1, unitPrice: 980, quantity: 1 },
    { service: "Visite sur site (binôme)", days: 2, unitPrice: 1960, quantity: 1 },
  ],
  vatRate: 0.2,
  travelExpenseMode: 3,
  travelExpenseAmount: 450,
  validUntil: null,
  notes: "",
};
type Quote = {
  id: string;
  number: string;
  label: string;
  status: string;
  version: number;
  totalHT: number;
  totalVAT: number;
  totalTTC: number;
  contractId: string | null;
  revision: number;
  document: { id: string; url: string } | null;
  abilities: Record<string, boolean>;
};

describe("quotes", () => {
  let ctx: TestContext;
  let cc: Session;

  beforeAll(async () => {
    ctx = await createTestApp();
    await completeCompanyIdentity(ctx.handle.db);
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
  });
  afterAll(() => ctx.close());

  /** Each test quotes its own request, so no test depends on what another left behind. */
  const newRequest = async () => {
    const essms = await buildEssms(ctx.handle.db, {
      raisonSocial: "EHPAD Le Grand Cèdre",
      prospect: true,
      contact: { email: "direction@grand-cedre.fr" },
    });
    const [contact] = await ctx.handle.db.query.contacts.findMany({
      where: (c, { eq: is }) => is(c.clientId, essms.id),
    });
    return (await buildRequest(ctx.handle.db, { clientIds: [essms.id], contactId: contact?.id })).id;
  };
  /** The numbers a series will give next (its counter is shared by the whole file). */
  const nextNumbers = async (code: "QUOTE" | "CONTRACT", count = 1) => {
    const [series] = await ctx.handle.db.select().from(numberingSeries).where(eq(numberingSeries.code, code));
    const prefix = code === "QUOTE" ? "D" : "C";
    return Array.from(
      { length: count },
      (_, i) => `${prefix}-${year}-${String((series?.counter ?? 0) + i + 1).padStart(4, "0")}`,
    );
  };
  const post = (url: string, payload: object) => ctx.app.inject({ method: "POST", url, headers: cc.bearer, payload });
  const create = async (id: string) => {
    const response = await post(`/api/requestclients/${id}/quotes`, quoteBody);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Quote;
  };
  const requestStatus = async (id: string) =>
    (await ctx.handle.db.select().from(requestClients).where(eq(requestClients.id, id)))[0]?.status;

  it("numbers a quote, computes HT, VAT and TTC with the flat travel fee, and moves the request on", async () => {
    const requestId = await newRequest();
    const [expected] = await nextNumbers("QUOTE");
    const quote = await create(requestId);
    expect(quote.number).toBe(expected);
    expect(quote).toMatchObject({ status: "DRAFT", totalHT: 5350, totalVAT: 1070, totalTTC: 6420 });
    expect(await requestStatus(requestId)).toBe("QUOTE_DRAFT");
  });

  it("refuses bad input in French, numbering nothing", async () => {
    const requestId = await newRequest();
    const [expected] = await nextNumbers("QUOTE");
    const noFee = await post(`/api/requestclients/${requestId}/quotes`, { ...quoteBody, travelExpenseAmount: null });
    expect(noFee.statusCode).toBe(400);
    expect(errorOf(noFee).message).toBe("Indiquez le montant du forfait de déplacement.");
    const quarter = await post(`/api/requestclients/${requestId}/quotes`, {
      ...quoteBody,
      lines: [{ ...quoteBody.lines[0], days: 0.3 }],
    });
    expect(errorOf(quarter).message).toBe("Le nombre de jours se compte par quarts de journée (0,25).");
    const vat = await post(`/api/requestclients/${requestId}/quotes`, { ...quoteBody, vatRate: 0.1 });
    expect(errorOf(vat).message).toBe("Taux de TVA : 20 %, 8,5 % ou exonéré.");
    expect((await create(requestId)).number).toBe(expected);
  });

  it("gives consecutive numbers to two quotes created at once", async () => {
    const [one, other] = [await newRequest(), (await buildRequest(ctx.handle.db)).id];
    const expected = await nextNumbers("QUOTE", 2);
    const [a, b] = await Promise.all([create(one), create(other)]);
    const numbers = [a?.number, b?.number].sort();
    expect(numbers).toEqual(expected);
  });

  it("renders the PDF with the company identity, lines and totals", async () => {
    const quote = await create(await newRequest());
    const response = await post(`/api/quotes/${quote.id}/pdf`, { version: quote.version });
    expect(response.statusCode, response.body).toBe(200);
    const withPdf = response.json() as Quote;
    expect(withPdf.document).not.toBeNull();
    const file = await ctx.app.inject({ method: "GET", url: withPdf.document?.url ?? "" });
    expect(file.statusCode).toBe(200);
    const text = (await pdfText(file.rawPayload)).replace(/\u00a0/g, " ");
    for (const expected of [
      `Devis n° ${quote.number}`,
      "Évaluations Rhône Conseil",
      "EHPAD Le Grand Cèdre",
      "Visite sur site (binôme)",
      "5 350,00 €",
      "6 420,00 €",
      "Forfait",
      "Bon pour accord",
    ])
      expect(text).toContain(expected);
  });

  it("refuses to send while the company identity is incomplete, then sends with the PDF and the template", async () => {
    const { handle } = ctx;
    const requestId = await newRequest();
    const quote = await create(requestId);
    await handle.db.update(configuration).set({ siret: null });
    const blocked = await post(`/api/quotes/${quote.id}/send`, { version: quote.version });
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked).message).toContain("Envoi du devis impossible. Identité de la société incomplète : SIRET.");
    await completeCompanyIdentity(handle.db);
    const sent = await post(`/api/quotes/${quote.id}/send`, { version: quote.version });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: "SENT" });
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, quote.id));
    expect(mail).toMatchObject({ templateCode: "QUOTE_SEND", to: ["direction@grand-cedre.fr"], relatedType: "quote" });
    expect(mail?.subject).toContain(quote.number);
    expect(mail?.body).toContain("6\u00a0420,00\u00a0€");
    const attachments = await handle.db
      .select()
      .from(mailAttachments)
      .where(eq(mailAttachments.mailId, mail?.id ?? ""));
    expect(attachments[0]?.fileName).toBe(`devis-${quote.number}.pdf`);
    expect(await requestStatus(requestId)).toBe("QUOTE_SENT");
  });

  it("files the PDF once when a quote is generated then sent unchanged, and again when it changed", async () => {
    const { handle } = ctx;
    await completeCompanyIdentity(handle.db);
    const quote = await create(await newRequest());
    const countPdfs = async () =>
      (
        await handle.db
          .select()
          .from(documents)
          .where(eq(documents.name, `Devis ${quote.number}`))
      ).length;
    const generated = await post(`/api/quotes/${quote.id}/pdf`, { version: quote.version });
    expect(generated.statusCode, generated.body).toBe(200);
    const withPdf = generated.json() as Quote;
    const again = await post(`/api/quotes/${quote.id}/pdf`, { version: withPdf.version });
    expect(again.statusCode, again.body).toBe(200);
    const sent = await post(`/api/quotes/${quote.id}/send`, { version: (again.json() as Quote).version });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await countPdfs()).toBe(1);
    const [mail] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, quote.id));
    const [attachment] = await handle.db
      .select()
      .from(mailAttachments)
      .where(eq(mailAttachments.mailId, mail?.id ?? ""));
    expect(attachment?.documentId).toBe(withPdf.document?.id);
    // A new version is a new content: its PDF is filed on its own.
    const next = await post(`/api/quotes/${quote.id}/new-version`, { version: (sent.json() as Quote).version });
    expect(next.statusCode, next.body).toBe(200);
    const nextQuote = next.json() as Quote;
    const nextPdf = await post(`/api/quotes/${nextQuote.id}/pdf`, { version: nextQuote.version });
    expect(nextPdf.statusCode, nextPdf.body).toBe(200);
    expect((nextPdf.json() as Quote).document?.id).not.toBe(withPdf.document?.id);
  });

  it("makes a new version under the same number, edits drafts only, and accepts into a contract", async () => {
    const requestId = await newRequest();
    const first = await create(requestId);
    expect(first.abilities).toMatchObject({ update: true, send: true, accept: false, refuse: true });
    const sent = (await post(`/api/quotes/${first.id}/send`, { version: first.version })).json() as Quote;
    expect(sent.abilities).toMatchObject({ update: false, send: true, accept: true, newVersion: true });
    const locked = await ctx.app.inject({
      method: "PUT",
      url: `/api/quotes/${first.id}`,
      headers: cc.bearer,
      payload: { quote: quoteBody, version: sent.version },
    });
    expect(locked.statusCode).toBe(409);
    expect(errorOf(locked).message).toBe("Seul un devis en brouillon se modifie : créez une nouvelle version.");
    const v2 = (await post(`/api/quotes/${first.id}/new-version`, { version: sent.version })).json() as Quote;
    expect(v2).toMatchObject({ number: first.number, revision: 2, label: `${first.number} v2`, status: "DRAFT" });
    const edited = await ctx.app.inject({
      method: "PUT",
      url: `/api/quotes/${v2.id}`,
      headers: cc.bearer,
      payload: {
        quote: { ...quoteBody, vatRate: 0, travelExpenseMode: 1, travelExpenseAmount: 300 },
        version: v2.version,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ totalHT: 4900, totalVAT: 0, totalTTC: 4900, travelExpenseAmount: null });
    const v2sent = (
      await post(`/api/quotes/${v2.id}/send`, { version: (edited.json() as Quote).version })
    ).json() as Quote;
    const stale = await post(`/api/quotes/${v2.id}/accept`, { version: v2.version });
    expect(stale.statusCode).toBe(409);
    const [contractNumber] = await nextNumbers("CONTRACT");
    const accepted = await post(`/api/quotes/${v2.id}/accept`, { version: v2sent.version });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const contractId = (accepted.json() as Quote).contractId;
    const [contract] = await ctx.handle.db
      .select()
      .from(contracts)
      .where(eq(contracts.id, contractId ?? ""));
    expect(contract).toMatchObject({ status: "DRAFT", amountTTC: 4900, number: contractNumber });
    const old = (
      await ctx.app.inject({ method: "GET", url: `/api/quotes/${first.id}`, headers: cc.bearer })
    ).json() as Quote;
    expect(old.status).toBe("SUPERSEDED");
    expect(old.abilities).toMatchObject({ read: true, print: true, send: false, accept: false, newVersion: false });
    expect(await requestStatus(requestId)).toBe("QUOTE_ACCEPTED");
  });

  it("waits for recevability before quoting a certification", async () => {
    const request = await buildRequest(ctx.handle.db, { service: "CERTIFICATION", status: "RECEVABILITY" });
    const response = await post(`/api/requestclients/${request.id}/quotes`, quoteBody);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(
      "La demande de certification doit être déclarée recevable avant d'établir un devis.",
    );
  });
});
