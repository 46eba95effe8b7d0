import { randomUUID } from "node:crypto";
import { PERMISSION_CODES, type ProfileType } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditorFeeInvoices,
  contacts,
  expenses,
  invoices,
  mailOutbox,
  missionNonConformities,
  missionOrders,
  profilePermissions,
  wallComments,
  wallPosts,
} from "../src/db/schema/index.js";
import {
  buildAuditor,
  buildContract,
  buildEssms,
  buildGestionnaire,
  buildLegalEntity,
  buildRequest,
  buildUser,
} from "./factories.js";
import { signedContract } from "./mission-fixtures.js";
import { multipartBody, samplePdf } from "./multipart.js";
import { authChangesHeard, type Session, signIn } from "./session.js";
import { createTestApp, type TestContext } from "./test-app.js";

/**
 * Routes whose parameter names no client's or evaluator's record: settings and catalogues, kept out
 * of the client portal and the evaluator space by the rights themselves.
 */
const NOT_RECORD_SCOPED = new Set([
  "GET /requestclients/getListProspectByProspectType/:type",
  "PUT /api/users/:id",
  // Bank statement lines: the body's own books, staff only (INVOICE update), no party's record.
  "POST /api/bank-reconciliation/lines/:id/confirm",
  "POST /api/bank-reconciliation/lines/:id/ignore",
  "POST /api/bank-reconciliation/lines/:id/restore",
  "POST /api/users/:id/active",
  "POST /api/users/:id/reset-link",
  "POST /api/users/:id/temporary-password",
  "PUT /api/profiles/:profileType/permissions",
  "POST /configuration/updateConfiguration/:id",
  "PUT /api/mail-templates/:code",
  "PUT /api/mail-groups/:id",
  "DELETE /api/mail-groups/:id",
  "PUT /api/document-categories/:id",
  "DELETE /api/document-categories/:id",
  "PUT /api/settings/numbering/:code",
  "PUT /api/fare-classes/:id",
  "DELETE /api/fare-classes/:id",
  // The calendar feed is opened by its secret token, not by a session: there is no actor to scope.
  "GET /api/calendar/:token/visites.ics",
  // A backup file of the server's folder, owned by no client nor evaluator: the Direction's alone (its policy).
  "GET /api/backups/download/:name",
  // A saved view belongs to a user, not to a client or an evaluator: its owner and the profile it is shared
  // with see it, anyone else gets 404 (saved-views.routes.test.ts).
  "PUT /api/saved-views/:id",
  "DELETE /api/saved-views/:id",
]);

interface Others {
  client: string;
  request: string;
  contract: string;
  quote: string;
  auditor: string;
  gestionnaire: string;
  legalEntity: string;
  mail: string;
  mission: string;
  missionOrder: string;
  nonConformity: string;
  expense: string;
  feeInvoice: string;
  invoice: string;
  contact: string;
  document?: string;
  wallPost: string;
  wallComment: string;
}

/** Which of the other party's records a route's parameters name, from the route's path. */
function recordParams(url: string, others: Others): Record<string, string> | null {
  const table: Array<[RegExp, Record<string, string>]> = [
    [/^\/api\/clients\/:id/, { id: others.client }],
    [/^\/api\/contacts\/:id/, { id: others.contact }],
    [/^\/api\/client\/:clientId\/contracts\/:contractId/, { clientId: others.client, contractId: others.contract }],
    [/^\/api\/client\/:clientId/, { clientId: others.client }],
    [/^\/api\/timeline\/client\/:clientId/, { clientId: others.client }],
    [/^\/api\/timeline\/prospect\/:requestClientId/, { requestClientId: others.request }],
    [/^\/api\/requestclients\/:id/, { id: others.request }],
    [/^\/api\/quotes\/:id/, { id: others.quote }],
    [/^\/api\/contracts\/:id/, { id: others.contract }],
    [/^\/api\/documents\/:id/, { id: others.document ?? "" }],
    [/^\/api\/auditors\/:id/, { id: others.auditor }],
    [/^\/api\/gestionnaires\/:id/, { id: others.gestionnaire }],
    [/^\/api\/legal-entities\/:id/, { id: others.legalEntity }],
    [/^\/api\/mails\/:id/, { id: others.mail }],
    [/^\/api\/missions\/:id/, { id: others.mission }],
    [/^\/api\/mission-orders\/:id/, { id: others.missionOrder }],
    [/^\/api\/non-conformities\/:id/, { id: others.nonConformity }],
    [/^\/api\/expenses\/:id/, { id: others.expense }],
    [/^\/api\/auditor-invoices\/:id/, { id: others.feeInvoice }],
    [/^\/api\/invoices\/:id/, { id: others.invoice }],
    [/^\/api\/client-portal\/invoices\/:id/, { id: others.invoice }],
    [/^\/api\/wall\/posts\/:id/, { id: others.wallPost }],
    [/^\/api\/wall\/comments\/:id/, { id: others.wallComment }],
  ];
  return table.find(([pattern]) => pattern.test(url))?.[1] ?? null;
}

const PLACEHOLDERS: Others = {
  client: "c",
  request: "r",
  contract: "k",
  quote: "q",
  auditor: "a",
  gestionnaire: "g",
  legalEntity: "l",
  mail: "m",
  mission: "mi",
  missionOrder: "mo",
  nonConformity: "nc",
  expense: "e",
  feeInvoice: "f",
  invoice: "i",
  contact: "ct",
  wallPost: "wp",
  wallComment: "wc",
};

const fill = (url: string, params: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? "x");

/**
 * The record-scope walk: a client user and an evaluator asking for another client's or another
 * evaluator's records get 404 on every route that takes an id, exactly as for a record that does not
 * exist. They hold every right here: rights are edited in Settings, and the scope must not depend on
 * them (with the default rights, most of these routes answer 403 before any record is read).
 */
describe("record scope", () => {
  let ctx: TestContext;
  let admin: Session;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });

  /** Another client's and another evaluator's records, new for each walk (a walk may change what leaks). */
  const buildOthers = async (): Promise<Others> => {
    const { db } = ctx.handle;
    const legalEntity = await buildLegalEntity(db);
    const gestionnaire = await buildGestionnaire(db);
    const client = await buildEssms(db, { legalEntityId: legalEntity.id, contact: { email: "autre@test.fr" } });
    const request = await buildRequest(db, { clientIds: [client.id] });
    const contract = await buildContract(db, { requestId: request.id, clientIds: [client.id] });
    const quote = await ctx.app.inject({
      method: "POST",
      url: `/api/requestclients/${request.id}/quotes`,
      headers: admin.bearer,
      payload: {
        lines: [{ service: "Évaluation", days: 1, unitPrice: 1000, quantity: 1 }],
        vatRate: 0.2,
        travelExpenseMode: 1,
        travelExpenseAmount: null,
        validUntil: null,
        notes: "",
      },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const auditor = await buildAuditor(db);
    const [mail] = await db
      .insert(mailOutbox)
      .values({ to: ["autre@test.fr"], subject: "Devis", body: "…", relatedType: "client", relatedId: client.id })
      .returning();
    // Another establishment's mission, made by the real signing path, with its evaluators' orders.
    const signed = await signedContract(ctx, admin, { days: [{ day: "2026-04-07", timeSlotId: 1 }] });
    const missionId = signed.missions[0]?.id ?? "";
    const [order] = await db.select().from(missionOrders).where(eq(missionOrders.missionId, missionId));
    const [nc] = await db
      .insert(missionNonConformities)
      .values({ missionId, criterion: "1.1.1", severity: "MAJOR", description: "Écart" })
      .returning();
    // Another evaluator's expense and invoice on that mission.
    const otherAuditor = signed.team[0]?.auditorId ?? "";
    const [expense] = await db
      .insert(expenses)
      .values({ missionId, auditorId: otherAuditor, kind: "MEAL", date: "2026-04-07", amountCents: 1850 })
      .returning();
    const [feeInvoice] = await db
      .insert(auditorFeeInvoices)
      .values({ missionId, auditorId: otherAuditor, number: "F-1", amountCents: 60000, days: 1 })
      .returning();
    // Another establishment's invoice, issued (the client portal shows a client its own issued ones).
    const [invoice] = await db
      .insert(invoices)
      .values({
        kind: "BALANCE",
        status: "INVOICE_SEND",
        number: `FA-AUTRE-${crypto.randomUUID().slice(0, 8)}`,
        issueDate: "2026-04-08",
        issuedAt: new Date("2026-04-08T10:00:00Z"),
        contractId: signed.contract.id,
        missionId,
        clientId: signed.clientIds[0] ?? "",
        buyer: {
          name: "Autre",
          legalForm: null,
          address: null,
          postalCode: null,
          city: null,
          siren: null,
          siret: null,
          vatNumber: null,
          email: null,
        },
      })
      .returning();
    const [contact] = await db.select().from(contacts).where(eq(contacts.clientId, client.id));
    // A wall post addressed to the staff only, with a comment: neither may show to a client or an evaluator.
    const [wallPost] = await db
      .insert(wallPosts)
      .values({ text: "Réunion d'équipe", audience: ["STAFF"], authorLabel: "Direction" })
      .returning();
    const [wallComment] = await db
      .insert(wallComments)
      .values({ postId: wallPost?.id ?? "", text: "Présent", authorLabel: "Direction" })
      .returning();
    return {
      wallPost: wallPost?.id ?? "",
      wallComment: wallComment?.id ?? "",
      contact: contact?.id ?? "",
      expense: expense?.id ?? "",
      feeInvoice: feeInvoice?.id ?? "",
      invoice: invoice?.id ?? "",
      nonConformity: nc?.id ?? "",
      mission: missionId,
      missionOrder: order?.id ?? "",
      client: client.id,
      request: request.id,
      contract: contract.id,
      quote: (quote.json() as { id: string }).id,
      auditor: auditor.id,
      gestionnaire: gestionnaire.id,
      legalEntity: legalEntity.id,
      mail: mail?.id ?? "",
    };
  };
  afterAll(() => ctx.close());

  const upload = async (fields: Record<string, string>) => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/documents",
      ...multipartBody(fields, { name: "piece.pdf", data: samplePdf() }, admin.bearer),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { id: string }).id;
  };

  /** Gives a profile every right, as Settings could. */
  const grantEverything = (profileType: ProfileType) =>
    ctx.handle.db.transaction(async (tx) => {
      await tx.delete(profilePermissions).where(eq(profilePermissions.profileType, profileType));
      await tx.insert(profilePermissions).values(
        PERMISSION_CODES.map((code) => ({
          profileType,
          code,
          canCreate: true,
          canRead: true,
          canUpdate: true,
          canDelete: true,
        })),
      );
    });

  it("names the records of every route that takes an id", () => {
    const unclassified = ctx.app.routeAccess
      .filter((route) => route.url.includes(":"))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !NOT_RECORD_SCOPED.has(route) && !recordParams(route.split(" ")[1] ?? "", PLACEHOLDERS));
    expect(unclassified, "add these routes to recordParams or NOT_RECORD_SCOPED").toEqual([]);
  });

  /** The routes on which the profile's user sees another party's record (answers other than 404). */
  const walk = async (profileType: ProfileType, records: Others) => {
    const session = await signIn(ctx, (await buildUser(ctx.handle.db, profileType)).identifier);
    const leaks: string[] = [];
    for (const route of ctx.app.routeAccess) {
      const params = recordParams(route.url, records);
      if (!route.url.includes(":") || !params) continue;
      const ask = (values: Record<string, string>) =>
        ctx.app.inject({
          method: route.method as "GET",
          url: fill(route.url, values),
          headers: session.bearer,
          payload: route.method === "GET" ? undefined : { version: 1 },
        });
      const theirs = await ask(params);
      const missing = await ask(Object.fromEntries(Object.keys(params).map((name) => [name, randomUUID()])));
      // 404 (403 when the right is missing); or a validation error given before any record is read
      // (a route's required query or body), exactly as for a record that does not exist.
      const hidden =
        [403, 404].includes(theirs.statusCode) ||
        (theirs.statusCode === missing.statusCode && theirs.statusCode >= 400 && theirs.statusCode < 500);
      if (!hidden) leaks.push(`${route.method} ${route.url}`);
    }
    return leaks;
  };

  for (const [profileType, documentFields] of [
    [
      "MYQUALIANOR",
      (o: Others) => ({ family: "CLIENT", documentType: "Formulaire", name: "Rapport", clientId: o.client }),
    ],
    ["AUDITEUR", (o: Others) => ({ family: "AUDITOR", documentType: "Formulaire", name: "CV", auditorId: o.auditor })],
  ] as const) {
    it(`answers ${profileType} 404 for another party's records on every route that takes an id`, async () => {
      const others = await buildOthers();
      const records = { ...others, document: await upload(documentFields(others)) };
      expect(await walk(profileType, records), "with the default rights").toEqual([]);
      await grantEverything(profileType);
      await authChangesHeard(ctx);
      expect(await walk(profileType, records), "with every right").toEqual([]);
    });
  }
});
