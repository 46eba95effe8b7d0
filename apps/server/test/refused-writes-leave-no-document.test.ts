import fs from "node:fs";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/lib/clock.js";
import {
  buildAuditor,
  buildContract,
  buildEssms,
  buildRequest,
  buildUser,
  completeCompanyIdentity,
} from "./factories.js";
import { signedContract } from "./mission-fixtures.js";
import { multipartBody, samplePdf } from "./multipart.js";
import { type Session, signIn } from "./session.js";
import { createTestApp, type TestContext } from "./test-app.js";

/**
 * Every path that files a document with a write (a generated PDF, an upload that is a step of a record):
 * when the write is refused — another user's change landed while the file was being stored (409), a
 * record that changed state (422), a failure half-way — neither the document's rows nor its file stay
 * behind, and nothing reaches the client's portal. The other change is made from the storage itself, at
 * the moment the file is written: the window where these writes used to file the document first.
 */
const clock = fixedClock("2026-03-02T09:00:00Z");

describe("a refused write leaves no document behind", () => {
  let ctx: TestContext;
  let cc: Session;
  let compta: Session;
  let during: (() => Promise<unknown>) | null = null;
  let stored = 0;

  beforeAll(async () => {
    ctx = await createTestApp({
      clock,
      wrapStorage: (storage) => ({
        ...storage,
        async put(key, data, type) {
          await storage.put(key, data, type);
          stored++;
          const act = during;
          during = null;
          await act?.();
        },
      }),
    });
    await completeCompanyIdentity(ctx.handle.db);
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    compta = await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier);
  });
  afterAll(() => ctx.close());

  const sql = (text: string, params: unknown[] = []) => ctx.handle.queryRaw(text, params);
  const filesIn = (dir: string): number =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .reduce((n, e) => n + (e.isDirectory() ? filesIn(path.join(dir, e.name)) : 1), 0)
      : 0;
  const census = async () => {
    const [rows] = await sql(
      "select (select count(*) from documents)::int as documents, (select count(*) from document_versions)::int as versions",
    );
    return { ...rows, files: filesIn(path.join(ctx.config.dataDir, "files")) };
  };
  /** Another user's change to the record, committed while the file is being stored. */
  const bump = (table: string, id: string) => () =>
    sql(`update ${table} set version = version + 1 where id = $1`, [id]);

  /** `call` meets `meanwhile` at the moment its file is stored: it answers `status` and leaves nothing. */
  async function refusedLeavesNothing(
    meanwhile: () => Promise<unknown>,
    call: () => Promise<LightMyRequestResponse>,
    status = 409,
  ) {
    const before = await census();
    const storedBefore = stored;
    during = meanwhile;
    const response = await call();
    during = null;
    expect(response.statusCode, response.body).toBe(status);
    expect(stored, "the call reached the filing of its document").toBeGreaterThan(storedBefore);
    expect(await census()).toEqual(before);
  }

  const post = (session: Session, url: string, payload: object) =>
    ctx.app.inject({ method: "POST", url, headers: session.bearer, payload });
  const upload = (session: Session, url: string, fields: Record<string, string>) => {
    const body = multipartBody(fields, { name: "piece.pdf", data: samplePdf("Piece"), type: "application/pdf" });
    return ctx.app.inject({
      method: "POST",
      url,
      headers: { ...session.bearer, ...body.headers },
      payload: body.payload,
    });
  };

  async function draftQuote() {
    const essms = await buildEssms(ctx.handle.db, { prospect: true, contact: { email: "direction@essms.fr" } });
    const request = await buildRequest(ctx.handle.db, { clientIds: [essms.id] });
    const created = await post(cc, `/api/requestclients/${request.id}/quotes`, {
      lines: [{ service: "Évaluation", days: 2, unitPrice: 980, quantity: 1 }],
      vatRate: 0.2,
      travelExpenseMode: 2,
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json() as { id: string; version: number };
  }
  async function draftContract() {
    const essms = await buildEssms(ctx.handle.db, { prospect: true, contact: { email: "direction@essms.fr" } });
    const request = await buildRequest(ctx.handle.db, { clientIds: [essms.id] });
    return buildContract(ctx.handle.db, { requestId: request.id, clientIds: [essms.id] });
  }

  it("quote PDF: the version it is given is checked, and a stale one files nothing", async () => {
    const quote = await draftQuote();
    const before = await census();
    const stale = await post(cc, `/api/quotes/${quote.id}/pdf`, { version: quote.version + 1 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(await census()).toEqual(before);
    await refusedLeavesNothing(bump("quotes", quote.id), () =>
      post(cc, `/api/quotes/${quote.id}/pdf`, { version: quote.version }),
    );
  });

  it("quote sending", async () => {
    const quote = await draftQuote();
    await refusedLeavesNothing(bump("quotes", quote.id), () =>
      post(cc, `/api/quotes/${quote.id}/send`, { version: quote.version, to: ["direction@essms.fr"] }),
    );
  });

  for (const [label, url, payload] of [
    ["contract PDF", "pdf", {}],
    ["contract sending", "send", { to: ["direction@essms.fr"] }],
    ["FEB PDF", "feb/regenerate", {}],
  ] as const)
    it(label, async () => {
      const contract = await draftContract();
      await refusedLeavesNothing(bump("contracts", contract.id), () =>
        post(cc, `/api/contracts/${contract.id}/${url}`, { ...payload, version: contract.version }),
      );
    });

  describe("missions", () => {
    let cpi: Session;
    let client: Session;
    let mission: { id: string; version: number };
    const version = async () =>
      ((await sql("select version from missions where id = $1", [mission.id]))[0] as { version: number }).version;

    beforeAll(async () => {
      const db = ctx.handle.db;
      cpi = await signIn(ctx, (await buildUser(db, "CPI")).identifier);
      const signed = await signedContract(ctx, cc, {
        days: [
          { day: "2026-01-20", timeSlotId: 1 },
          { day: "2026-01-21", timeSlotId: 1 },
        ],
        team: [
          { auditorId: (await buildAuditor(db, { email: "anne@eval.fr" })).id, role: "COORDINATOR" },
          { auditorId: (await buildAuditor(db, { email: "bruno@eval.fr" })).id, role: "EVALUATOR" },
        ],
      });
      mission = { id: signed.missions[0]?.id ?? "", version: 0 };
      client = await signIn(ctx, (await buildUser(db, "MYQUALIANOR", { clientId: signed.clientIds[0] })).identifier);
    });

    it("mission orders (one PDF per evaluator)", async () => {
      await refusedLeavesNothing(bump("missions", mission.id), async () =>
        post(cpi, `/api/missions/${mission.id}/mission-orders/send`, { version: await version() }),
      );
    });

    it("preparation documents", async () => {
      await refusedLeavesNothing(bump("missions", mission.id), async () =>
        upload(cpi, `/api/missions/${mission.id}/preparation-documents`, {
          version: String(await version()),
          metaCode: "PREPARATION_PLAN",
        }),
      );
    });

    it("preliminary report", async () => {
      await refusedLeavesNothing(bump("missions", mission.id), async () =>
        upload(cpi, `/api/missions/${mission.id}/reports/preliminary`, { version: String(await version()) }),
      );
    });

    /** The preliminary report sent: observations and the final report may follow. */
    const preliminarySent = () =>
      sql(
        "update missions set preliminary_uploaded_at = '2026-02-20', preliminary_reviewed_at = '2026-02-21', preliminary_sent_at = '2026-02-23' where id = $1",
        [mission.id],
      );

    it("observations, filed by staff", async () => {
      await preliminarySent();
      await refusedLeavesNothing(bump("missions", mission.id), async () =>
        upload(cpi, `/api/missions/${mission.id}/reports/observations`, { version: String(await version()) }),
      );
    });

    it("observations, from the client portal", async () => {
      await preliminarySent();
      await refusedLeavesNothing(bump("missions", mission.id), async () =>
        upload(client, `/api/missions/${mission.id}/client-observations`, {
          text: "Nos remarques.",
          version: String(await version()),
        }),
      );
    });

    it("final report", async () => {
      await preliminarySent();
      await refusedLeavesNothing(bump("missions", mission.id), async () =>
        upload(cpi, `/api/missions/${mission.id}/reports/final`, { version: String(await version()) }),
      );
    });
  });

  describe("money and quality", () => {
    let freelance: Session;
    let missionId: string;

    beforeAll(async () => {
      const db = ctx.handle.db;
      clock.set("2026-04-10T09:00:00Z");
      const own = await buildAuditor(db, { email: "a@eval.fr" });
      const independent = await buildAuditor(db, { email: "b@eval.fr", status: "INDEPENDANT", dailyFee: 650 });
      freelance = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: independent.id })).identifier);
      const signed = await signedContract(ctx, cc, {
        days: [{ day: "2026-04-07", timeSlotId: 1 }],
        team: [
          { auditorId: own.id, role: "COORDINATOR" },
          { auditorId: independent.id, role: "EVALUATOR" },
        ],
      });
      missionId = signed.missions[0]?.id ?? "";
    });

    it("a freelance invoice paid while its new file is stored (422) leaves no file", async () => {
      const url = `/api/missions/${missionId}/fees/invoice`;
      const first = await upload(freelance, url, { invoice: JSON.stringify({ number: "F-1", amountCents: 50000 }) });
      expect(first.statusCode, first.body).toBe(200);
      const paid = () => sql("update auditor_fee_invoices set status = 'PAID' where mission_id = $1", [missionId]);
      await refusedLeavesNothing(
        paid,
        () => upload(freelance, url, { invoice: JSON.stringify({ number: "F-2", amountCents: 60000 }) }),
        422,
      );
    });

    it("an expense whose row cannot be written leaves no receipt", async () => {
      await sql(`create function refuse_expense() returns trigger language plpgsql as $$
        begin raise exception 'refusée' using errcode = '23514'; end $$`);
      await sql(
        "create trigger refuse_expense before insert on expenses for each row execute function refuse_expense()",
      );
      try {
        await refusedLeavesNothing(
          async () => {},
          () =>
            upload(freelance, `/api/missions/${missionId}/expenses`, {
              expense: JSON.stringify({ kind: "MEAL", date: "2026-04-07", amountCents: 1890 }),
            }),
          400,
        );
      } finally {
        await sql("drop trigger refuse_expense on expenses");
        await sql("drop function refuse_expense()");
      }
    });

    it("an issued invoice's PDF is filed once, with the invoice's link to it", async () => {
      const draft = await post(compta, "/api/invoices", { missionId });
      expect(draft.statusCode, draft.body).toBe(200);
      const { id, version } = draft.json() as { id: string; version: number };
      // Another server filed it meanwhile: this one's copy is not kept.
      const [other] = await sql("select id from documents order by created_at limit 1");
      const filedElsewhere = () =>
        sql("update invoices set document_id = $1 where id = $2", [(other as { id: string }).id, id]);
      await refusedLeavesNothing(filedElsewhere, () => post(compta, `/api/invoices/${id}/issue`, { version }), 200);
    });
  });

  it("a satisfaction answer's PDF whose link cannot be written leaves no document", async () => {
    clock.set("2026-04-10T09:00:00Z");
    const signed = await signedContract(ctx, cc, { days: [{ day: "2026-04-07", timeSlotId: 1 }] });
    const missionId = signed.missions[0]?.id ?? "";
    expect((await post(compta, `/api/missions/${missionId}/satisfaction/send`, {})).statusCode).toBe(200);
    const [mail] = await sql("select body from mail_outbox where mission_id = $1 and template_code is not null", [
      missionId,
    ]);
    const token = decodeURIComponent(/token=([^\s]+)/.exec((mail as { body: string }).body)?.[1] ?? "");
    await sql(`create function refuse_link() returns trigger language plpgsql as $$
      begin raise exception 'refusée' using errcode = '23514'; end $$`);
    await sql(`create trigger refuse_link before update on satisfaction_surveys for each row
      when (new.document_id is distinct from old.document_id) execute function refuse_link()`);
    try {
      await refusedLeavesNothing(
        async () => {},
        () => ctx.app.inject({ method: "POST", url: "/api/satisfaction", payload: { token, answers: { OVERALL: 4 } } }),
        400,
      );
    } finally {
      await sql("drop trigger refuse_link on satisfaction_surveys");
      await sql("drop function refuse_link()");
    }
  });

  it("a recevability piece whose link cannot be written leaves no document", async () => {
    const essms = await buildEssms(ctx.handle.db, { prospect: true });
    const request = await buildRequest(ctx.handle.db, { clientIds: [essms.id], service: "CERTIFICATION" });
    await sql("insert into recevability_reviews (request_id, checklist) values ($1, '[]')", [request.id]);
    await sql(`create function refuse_piece() returns trigger language plpgsql as $$
      begin raise exception 'refusée' using errcode = '23514'; end $$`);
    await sql(
      "create trigger refuse_piece before insert on recevability_documents for each row execute function refuse_piece()",
    );
    try {
      await refusedLeavesNothing(
        async () => {},
        () => upload(cc, `/api/requestclients/${request.id}/recevability/documents`, { name: "Statuts" }),
        400,
      );
    } finally {
      await sql("drop trigger refuse_piece on recevability_documents");
      await sql("drop function refuse_piece()");
    }
  });
});
