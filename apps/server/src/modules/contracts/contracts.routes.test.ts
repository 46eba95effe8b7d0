import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildAuditor,
  buildContract,
  buildEssms,
  buildLegalEntity,
  buildRequest,
  buildUser,
  completeCompanyIdentity,
} from "../../../test/factories.js";
import { pdfText } from "../../../test/pdf-text.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients, configuration, mailOutbox, requestClients } from "../../db/schema/index.js";
import { addDays, systemClock } from "../../lib/clock.js";

type Contract = {
  id: string;
  number: string;
  status: string;
  version: number;
  amountTTC: number;
  amountVAT: number;
  depositPercent: number;
  deadline: string | null;
  programmeIssues: string[];
  document: { url: string } | null;
  febDocument: { url: string } | null;
  establishments: Array<{ clientId: string; regroupingStatus: number | null }>;
};
const todayIso = () => systemClock.today();
const shift = (days: number) => addDays(todayIso(), days);

describe("contracts", () => {
  let ctx: TestContext;
  let cc: Session;
  let team: string[];
  const essms: string[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.handle.db;
    await completeCompanyIdentity(db);
    const entity = await buildLegalEntity(db, { raisonSocial: "Association Horizon Rhône" });
    for (const name of ["EHPAD Les Glycines", "SSIAD Les Glycines"])
      essms.push(
        (
          await buildEssms(db, {
            raisonSocial: name,
            legalEntityId: entity.id,
            prospect: true,
            contact: { email: "direction@glycines.fr" },
          })
        ).id,
      );
    team = [
      (await buildAuditor(db, { firstName: "Anne", lastName: "Lemaire" })).id,
      (await buildAuditor(db, { firstName: "Bruno", lastName: "Carpentier" })).id,
    ];
    cc = await signIn(ctx, (await buildUser(db, "CC")).identifier);
  });
  afterAll(() => ctx.close());

  const call = (method: "POST" | "PUT" | "GET", url: string, payload?: object, session = cc) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });
  const ok = async (method: "POST" | "PUT" | "GET", url: string, payload?: object, session = cc) => {
    const response = await call(method, url, payload, session);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Contract;
  };
  const programme = (
    c: Contract,
    days: Array<{ day: string; timeSlotId: number }>,
    evaluators = team.map((auditorId, i) => ({ auditorId, role: i === 0 ? "COORDINATOR" : "EVALUATOR" })),
  ) => ({
    establishments: c.establishments.map((e) => ({
      clientId: e.clientId,
      regroupingStatus: c.establishments.length > 1 ? 2 : null,
      atc: "ARS Auvergne-Rhône-Alpes",
    })),
    days,
    evaluators,
    version: c.version,
  });

  it("walks a request from its quote to a signed contract whose establishments become clients", async () => {
    const contactId = (
      await ctx.handle.db.query.contacts.findFirst({ where: (c, { eq: is }) => is(c.clientId, essms[0] ?? "") })
    )?.id;
    const request = await buildRequest(ctx.handle.db, { clientIds: essms, contactId, source: "APPEL_OFFRE" });
    const quote = (
      await call("POST", `/api/requestclients/${request.id}/quotes`, {
        lines: [{ service: "Évaluation externe", days: 4, unitPrice: 1000, quantity: 2 }],
        vatRate: 0.2,
        travelExpenseMode: 2,
      })
    ).json() as { id: string; version: number };
    const sent = (await call("POST", `/api/quotes/${quote.id}/send`, { version: quote.version })).json() as {
      version: number;
    };
    const accepted = (await call("POST", `/api/quotes/${quote.id}/accept`, { version: sent.version })).json() as {
      contractId: string;
    };
    let c = await ok("GET", `/api/contracts/${accepted.contractId}`);
    expect(c).toMatchObject({ status: "DRAFT", amountTTC: 9600, typology: "APPEL_OFFRE" });
    expect(c.programmeIssues).toContain("L'équipe d'évaluation compte au moins 2 évaluateurs.");

    c = await ok("PUT", `/api/contracts/${c.id}/feb`, {
      feb: { evaluationKind: "FIRST", peopleSupported: 84, sites: 2, expectations: "Restitution aux équipes" },
      version: c.version,
    });
    c = await ok("POST", `/api/contracts/${c.id}/feb/regenerate`, { version: c.version });
    const feb = await pdfText((await ctx.app.inject({ method: "GET", url: c.febDocument?.url ?? "" })).rawPayload);
    expect(feb).toContain("Fiche d'expression des besoins");
    expect(feb).toContain("Restitution aux équipes");

    const lonely = await call(
      "PUT",
      `/api/contracts/${c.id}/programme`,
      programme(
        c,
        [
          { day: shift(30), timeSlotId: 1 },
          { day: shift(31), timeSlotId: 2 },
        ],
        [{ auditorId: team[0] ?? "", role: "COORDINATOR" }],
      ),
    );
    expect(lonely.statusCode).toBe(400);
    expect(errorOf(lonely).message).toBe("L'équipe d'évaluation compte au moins 2 évaluateurs.");
    const short = await call(
      "PUT",
      `/api/contracts/${c.id}/programme`,
      programme(c, [
        { day: shift(30), timeSlotId: 5 },
        { day: shift(31), timeSlotId: 9 },
      ]),
    );
    expect(errorOf(short).message).toContain("la visite dure au moins 2 jours (programmé : 1\u00a0j)");
    c = await ok(
      "PUT",
      `/api/contracts/${c.id}/programme`,
      programme(c, [
        { day: shift(31), timeSlotId: 2 },
        { day: shift(30), timeSlotId: 1 },
      ]),
    );
    expect(c.programmeIssues).toEqual([]);

    // A new contract asks for the body's usual deposit (Settings › Facturation: 30 %), changed here.
    expect(c.depositPercent).toBe(30);
    c = await ok("PUT", `/api/contracts/${c.id}/terms`, {
      typology: "STANDARD_CONTRACT_DRAWN_UP_WITH_CREG_2",
      deadline: null,
      amountHT: 7500,
      vatRate: 0.2,
      travelExpenseMode: 3,
      travelExpenseAmount: 400,
      depositPercent: 20,
      version: c.version,
    });
    expect(c).toMatchObject({ amountVAT: 1500, amountTTC: 9000, depositPercent: 20 });
    const tooMuch = await call("PUT", `/api/contracts/${c.id}/terms`, {
      typology: "STANDARD_CONTRACT_DRAWN_UP_WITH_CREG_2",
      amountHT: 7500,
      vatRate: 0.2,
      travelExpenseMode: 2,
      depositPercent: 120,
      version: c.version,
    });
    expect(errorOf(tooMuch).message).toContain("Le pourcentage d'acompte ne peut pas dépasser 100 %.");

    await ctx.handle.db.update(configuration).set({ vatNumber: null });
    const blocked = await call("POST", `/api/contracts/${c.id}/send`, { version: c.version });
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked).message).toContain("Envoi du contrat impossible.");
    await completeCompanyIdentity(ctx.handle.db);
    c = await ok("POST", `/api/contracts/${c.id}/send`, { version: c.version });
    expect(c).toMatchObject({ status: "SENT", deadline: shift(30) });
    const [mail] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, c.id));
    expect(mail).toMatchObject({ templateCode: "CONTRACT_SEND", to: ["direction@glycines.fr"] });
    const pdf = (
      await pdfText((await ctx.app.inject({ method: "GET", url: c.document?.url ?? "" })).rawPayload)
    ).replace(/\u00a0/g, " ");
    for (const expected of [
      `Contrat n° ${c.number}`,
      "Contrat type établi avec Évaluations Rhône Conseil",
      "Un acompte de 20 % du montant HT est facturé à la signature",
      "Anne Lemaire — coordinateur(rice)",
      "Bruno Carpentier",
      "8h30-12h00 et 13h30-18h00",
      "9 000,00 €",
    ])
      expect(pdf).toContain(expected);

    const future = await call("POST", `/api/contracts/${c.id}/sign`, { signatureDate: shift(2), version: c.version });
    expect(errorOf(future).message).toBe("La date de signature ne peut pas être dans le futur.");
    c = await ok("POST", `/api/contracts/${c.id}/sign`, { signatureDate: todayIso(), version: c.version });
    expect(c.status).toBe("SIGNED");
    const [req] = await ctx.handle.db.select().from(requestClients).where(eq(requestClients.id, request.id));
    expect(req?.status).toBe("SIGNED");
    const list = (
      await call("POST", "/api/client/getListClient", { filter: "EVALUATION_DATE", search: "glycines" })
    ).json() as { items: Array<Record<string, unknown>> };
    expect(list.items).toHaveLength(2);
    expect(list.items[0]).toMatchObject({
      status: "SIGNED",
      evaluationDate: shift(30),
      isRegroupingClient: true,
      isMultiClient: true,
    });
  });

  it("signs without a programme: the client is 'à programmer' until its coordinator plans the visit", async () => {
    const db = ctx.handle.db;
    const client = await buildEssms(db, { raisonSocial: "MAS Le Phare", prospect: true });
    const request = await buildRequest(db, { clientIds: [client.id], status: "CONTRACT_SENT" });
    const contract = await buildContract(db, { requestId: request.id, clientIds: [client.id], status: "SENT" });
    let c = await ok("POST", `/api/contracts/${contract.id}/sign`, {
      signatureDate: shift(-1),
      version: contract.version,
    });
    const toProgram = (
      await call("POST", "/api/client/getListClient", { filter: "NO_EVALUATION_DATE", search: "le phare" })
    ).json() as { items: Array<Record<string, unknown>> };
    expect(toProgram.items[0]).toMatchObject({ raisonSocial: "MAS Le Phare", evaluationDate: null, status: "SIGNED" });

    const cmcc = await signIn(ctx, (await buildUser(db, "CMCC")).identifier);
    const viaProspect = await call("PUT", `/api/contracts/${c.id}/programme`, programme(c, []), cmcc);
    expect(viaProspect.statusCode).toBe(403);
    const mine = (await ok("GET", `/api/client/${client.id}/contracts`, undefined, cmcc)) as unknown as Contract[];
    expect(mine.map((x) => x.id)).toEqual([c.id]);
    c = await ok(
      "PUT",
      `/api/client/${client.id}/contracts/${c.id}/programme`,
      programme(c, [
        { day: shift(60), timeSlotId: 1 },
        { day: shift(61), timeSlotId: 1 },
      ]),
      cmcc,
    );
    const [row] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(row).toMatchObject({ evaluationDate: shift(60), regroupingStatus: null });
    expect(row?.clientSince).not.toBeNull();
    const other = await buildEssms(db);
    const wrong = await call("PUT", `/api/client/${other.id}/contracts/${c.id}/programme`, programme(c, []), cmcc);
    expect(wrong.statusCode).toBe(404);
  });

  it("refusal by the client closes the request; client users see only their own contracts", async () => {
    const db = ctx.handle.db;
    const client = await buildEssms(db, { prospect: true });
    const request = await buildRequest(db, { clientIds: [client.id], status: "CONTRACT_SENT" });
    const contract = await buildContract(db, { requestId: request.id, clientIds: [client.id], status: "SENT" });
    await ok("POST", `/api/contracts/${contract.id}/refuse`, { reason: "Budget reporté", version: contract.version });
    const [req] = await db.select().from(requestClients).where(eq(requestClients.id, request.id));
    expect(req).toMatchObject({ status: "REFUSE", refusalReason: "Contrat refusé : Budget reporté" });
    const user = await signIn(ctx, (await buildUser(db, "MYQUALIANOR", { clientId: client.id })).identifier);
    expect((await call("GET", `/api/client/${client.id}/contracts`, undefined, user)).statusCode).toBe(200);
    expect((await call("GET", `/api/client/${essms[0]}/contracts`, undefined, user)).statusCode).toBe(404);
    // Evaluators' names are read with MISSION, which a client user does not have.
    expect((await call("GET", "/api/contracts/auditor-options", undefined, user)).statusCode).toBe(403);
  });

  it("records a certification decision taken by someone who did not evaluate, after an audit", async () => {
    const db = ctx.handle.db;
    const client = await buildEssms(db, { prospect: true });
    const request = await buildRequest(db, { clientIds: [client.id], service: "CERTIFICATION", status: "SIGNED" });
    const contract = await buildContract(db, { requestId: request.id, clientIds: [client.id], status: "SIGNED" });
    let c = await ok(
      "PUT",
      `/api/contracts/${contract.id}/programme`,
      programme({ ...(await ok("GET", `/api/contracts/${contract.id}`)) }, [
        { day: shift(-20), timeSlotId: 1 },
        { day: shift(-19), timeSlotId: 1 },
      ]),
    );
    const auditorUser = await buildUser(db, "QSE", { auditorId: team[0] });
    const decision = {
      decision: "GRANTED",
      decidedAt: todayIso(),
      validUntil: shift(3 * 365),
      comment: "Aucune non-conformité majeure.",
      version: c.version,
    };
    const own = await call("PUT", `/api/contracts/${c.id}/decision`, { ...decision, deciderUserId: auditorUser.id });
    expect(errorOf(own).message).toBe("La décision revient à une personne qui n'a pas participé à l'évaluation.");
    const noValidity = await call("PUT", `/api/contracts/${c.id}/decision`, {
      ...decision,
      validUntil: null,
      deciderUserId: auditorUser.id,
    });
    expect(errorOf(noValidity).message).toBe("Indiquez la fin de validité du certificat.");
    const director = await buildUser(db, "DIR", { firstName: "Claire", lastName: "Durand" });
    // A decision follows an audit (this contract, signed without the signing path, has none yet; the audit's
    // own conditions: missions/certification-audits.routes.test.ts); "en attente" is recorded at any time.
    const noAudit = await call("PUT", `/api/contracts/${c.id}/decision`, { ...decision, deciderUserId: director.id });
    expect(noAudit.statusCode).toBe(422);
    expect(errorOf(noAudit).message).toBe("Ce contrat n'a pas d'audit : la décision suit l'audit et son rapport.");
    c = await ok("PUT", `/api/contracts/${c.id}/decision`, {
      ...decision,
      decision: "PENDING",
      validUntil: null,
      deciderUserId: director.id,
    });
    expect(c).toMatchObject({ decision: { decision: "PENDING", decidedBy: "Claire Durand" } });
  });
});
