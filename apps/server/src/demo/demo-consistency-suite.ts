import { mileageCents } from "@certidesk/shared";
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectBackupRoundTrip } from "../../test/backup-round-trip.js";
import { checkFec, fecRows } from "../../test/fec-check.js";
import { signIn } from "../../test/session.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import {
  auditorFeeInvoices,
  clients,
  contacts,
  contractDays,
  contractEstablishments,
  contracts,
  expenses,
  gestionnaires,
  invoiceLines,
  invoicePayments,
  invoices,
  legalEntities,
  missions,
  numberingSeries,
  quotes,
  requestClients,
  satisfactionSurveys,
} from "../db/schema/index.js";
import { foldedSql } from "../lib/search-text.js";
import { decisionPreconditions } from "../modules/missions/index.js";
import { deriveStatus } from "../modules/prospects/request-status.js";
import { DEMO_PASSWORD } from "./demo-data.js";

/**
 * The demo generator writes rows directly (it is fast because it does not replay every workflow):
 * these checks hold it to the rules the workflows apply, so a new state machine cannot drift from its
 * demo rows. Every check lists all the rows that break it. The scale seed (src/scale) runs the same
 * checks on the demo plus its volume: `addToDemo` writes more rows before the checks read the base.
 * Both also come back whole from a backup (`crossEngine`: through the other engine too, on PostgreSQL runs).
 */
export function describeDemoConsistency(
  label: string,
  addToDemo?: (ctx: TestContext) => Promise<unknown>,
  options: { crossEngine?: boolean } = {},
) {
  describe(label, () => {
    let ctx: TestContext;
    let data: {
      requests: (typeof requestClients.$inferSelect)[];
      quotes: (typeof quotes.$inferSelect)[];
      contracts: (typeof contracts.$inferSelect)[];
      links: (typeof contractEstablishments.$inferSelect)[];
      days: (typeof contractDays.$inferSelect)[];
      clients: (typeof clients.$inferSelect)[];
      invoices: (typeof invoices.$inferSelect)[];
    };

    beforeAll(async () => {
      ctx = await createTestApp({ config: { demoData: true } });
      await addToDemo?.(ctx);
      const { db } = ctx.handle;
      data = {
        requests: await db.select().from(requestClients),
        quotes: await db.select().from(quotes),
        contracts: await db.select().from(contracts),
        links: await db.select().from(contractEstablishments),
        days: await db.select().from(contractDays),
        clients: await db.select().from(clients),
        invoices: await db.select().from(invoices),
      };
    }, 180_000);
    afterAll(() => ctx.close());

    it("has a demo to check", () => {
      expect(data.requests.length).toBeGreaterThan(20);
      expect(data.contracts.filter((c) => c.status === "SIGNED").length).toBeGreaterThan(5);
    });

    // The demo holds mission orders superseded by later ones (a row pointing to a row of its own table).
    it("comes back from a backup with every table as it was", async () => {
      await expectBackupRoundTrip(ctx, options);
    }, 180_000);

    it("stores on each live request the status its quotes and contract give (request-status.ts)", async () => {
      const wrong: string[] = [];
      for (const request of data.requests) {
        if (request.status === "REFUSE") continue;
        const derived = await deriveStatus(ctx.handle.db, request.id);
        if (derived !== request.status) wrong.push(`${request.reference}: ${request.status}, derived ${derived}`);
      }
      expect(wrong).toEqual([]);
    });

    it("leaves no open quote or contract on a refused request", () => {
      const refused = new Set(data.requests.filter((r) => r.status === "REFUSE").map((r) => r.id));
      const open = [
        ...data.quotes.filter((q) => refused.has(q.requestId) && ["DRAFT", "SENT"].includes(q.status)),
        ...data.contracts.filter((c) => refused.has(c.requestId) && ["DRAFT", "SENT"].includes(c.status)),
      ].map((row) => `${row.number} (${row.status})`);
      expect(open).toEqual([]);
    });

    it("dates every signed contract, and only those", () => {
      const wrong = data.contracts
        .filter((c) => (c.status === "SIGNED") !== (c.signatureDate !== null))
        .map((c) => `${c.number}: ${c.status}, signed ${c.signatureDate}`);
      expect(wrong).toEqual([]);
    });

    it("takes each certification decision as the workflow allows it: after its audit and final report, no observation pending, no major open (decision-preconditions.ts)", async () => {
      const wrong: string[] = [];
      const decided = data.contracts.filter((c) => c.decision && c.decision.decision !== "PENDING");
      // The demo shows a granted certificate (demo-certification.ts).
      expect(decided.length).toBeGreaterThan(0);
      for (const c of decided) {
        const d = c.decision;
        if (!d) continue;
        if (!d.decidedAt) {
          wrong.push(`${c.number}: ${d.decision} without a date`);
          continue;
        }
        // As of its own date: what the server checks when the decision is recorded.
        const problems = await decisionPreconditions(ctx.handle.db, {
          contractId: c.id,
          asOf: d.decidedAt,
          decidedAt: d.decidedAt,
        });
        wrong.push(...problems.map((p) => `${c.number} (${d.decision} le ${d.decidedAt}) : ${p.message}`));
      }
      expect(wrong).toEqual([]);
    });

    it("keeps one live quote per number: older versions are superseded", () => {
      const wrong: string[] = [];
      const byNumber = new Map<string, typeof data.quotes>();
      for (const q of data.quotes) {
        const key = `${q.requestId} ${q.number}`;
        byNumber.set(key, [...(byNumber.get(key) ?? []), q]);
      }
      for (const [number, versions] of byNumber) {
        const latest = Math.max(...versions.map((v) => v.revision));
        for (const v of versions)
          if (v.revision < latest && v.status !== "SUPERSEDED") wrong.push(`${number} v${v.revision}: ${v.status}`);
      }
      expect(wrong).toEqual([]);
    });

    it("makes clients exactly of the establishments of a signed contract (client_since)", () => {
      const signed = new Set(data.contracts.filter((c) => c.status === "SIGNED").map((c) => c.id));
      const onSigned = new Set(data.links.filter((l) => signed.has(l.contractId)).map((l) => l.clientId));
      const wrong = data.clients
        .filter((c) => onSigned.has(c.id) !== (c.clientSince !== null))
        .map(
          (c) =>
            `${c.raisonSocial}: client_since ${c.clientSince?.toISOString() ?? "vide"}, signed contract ${onSigned.has(c.id)}`,
        );
      expect(wrong).toEqual([]);
    });

    it("dates each client's evaluation from its signed programme, as signing and programming do (contract-rules.ts)", () => {
      const wrong: string[] = [];
      const signed = data.contracts
        .filter((c) => c.status === "SIGNED")
        .sort((a, b) => (a.signatureDate ?? "").localeCompare(b.signatureDate ?? ""));
      // The latest signed contract of each establishment sets its evaluation (syncEstablishments).
      const latest = new Map<string, (typeof data.contracts)[number]>();
      for (const contract of signed)
        for (const link of data.links.filter((l) => l.contractId === contract.id)) latest.set(link.clientId, contract);
      for (const client of data.clients) {
        const contract = latest.get(client.id);
        if (!contract) {
          if (client.evaluationDate || client.evaluationFinishedAt)
            wrong.push(`${client.raisonSocial}: evaluation ${client.evaluationDate} without a signed contract`);
          continue;
        }
        const days = data.days.filter((d) => d.contractId === contract.id);
        const first = (list: typeof days) => list.map((d) => d.day).sort()[0] ?? null;
        const expected = first(days.filter((d) => d.clientId === client.id)) ?? first(days);
        if (client.evaluationDate !== expected)
          wrong.push(
            `${client.raisonSocial}: evaluation ${client.evaluationDate}, programme ${expected} (${contract.number})`,
          );
        const links = data.links.filter((l) => l.contractId === contract.id);
        const regrouping =
          links.length > 1 ? (links.find((l) => l.clientId === client.id)?.regroupingStatus ?? null) : null;
        if (client.regroupingStatus !== regrouping)
          wrong.push(`${client.raisonSocial}: regrouping ${client.regroupingStatus}, programme ${regrouping}`);
        if (
          client.evaluationFinishedAt &&
          (!client.evaluationDate || client.evaluationFinishedAt < client.evaluationDate)
        )
          wrong.push(`${client.raisonSocial}: finished ${client.evaluationFinishedAt} before ${client.evaluationDate}`);
      }
      expect(wrong).toEqual([]);
    });

    it("continues each numbering series after the numbers it gave this year, without gap or repeat", async () => {
      const series = await ctx.handle.db.select().from(numberingSeries);
      const numbers: Record<string, string[]> = {
        REQUEST: data.requests.map((r) => r.reference),
        QUOTE: data.quotes.filter((q) => q.revision === 1).map((q) => q.number),
        CONTRACT: data.contracts.map((c) => c.number),
        INVOICE: data.invoices.flatMap((i) => (i.number ? [i.number] : [])),
      };
      for (const code of ["REQUEST", "QUOTE", "CONTRACT", "INVOICE"]) {
        const row = series.find((s) => s.code === code);
        expect(row, code).toBeDefined();
        if (!row) continue;
        // The mask with this year's date, its counter captured: "D-{YYYY}-{NNNN}" → /^D-2026-(\d{4})$/.
        const pattern = new RegExp(
          `^${row.mask
            .replace(/[.*+?^$()|[\]\\/]/g, "\\$&")
            .replace("{YYYY}", String(row.year))
            .replace("{YY}", String(row.year % 100).padStart(2, "0"))
            .replace(/\{MM\}/, "\\d{2}")
            .replace(/\{N+\}/, (n) => `(\\d{${n.length - 2}})`)}$`,
        );
        const taken = (numbers[code] ?? [])
          .map((n) => pattern.exec(n)?.[1])
          .filter((n): n is string => n !== undefined)
          .map(Number)
          .sort((a, b) => a - b);
        expect(taken.length, `${code}: numbers of ${row.year}`).toBeGreaterThan(0);
        expect(taken, `${code}: 1…counter, each once`).toEqual(Array.from({ length: row.counter }, (_, i) => i + 1));
      }
    });

    it("keeps expenses, freelance invoices and questionnaires in the states their workflows give", async () => {
      const { db } = ctx.handle;
      const lines = await db.select().from(expenses);
      const wrong: string[] = [];
      for (const e of lines) {
        if (e.status === "SUBMITTED" && e.decidedAt) wrong.push(`${e.id}: submitted but decided`);
        if (e.status !== "SUBMITTED" && !e.decidedAt) wrong.push(`${e.id}: ${e.status} without a decision date`);
        if (e.status === "REJECTED" && !e.rejectionReason) wrong.push(`${e.id}: rejected without a reason`);
        if ((e.status === "REIMBURSED") !== !!e.reimbursedOn)
          wrong.push(`${e.id}: reimbursement date and status disagree`);
        if (e.transportMode === "CAR" && e.amountCents !== mileageCents(e.kilometres ?? 0, e.kmRate ?? 0))
          wrong.push(`${e.id}: car amount is not kilometres × rate`);
      }
      expect(wrong).toEqual([]);
      expect(new Set(lines.map((e) => e.status)).size).toBeGreaterThanOrEqual(3);
      const invoices = await db.select().from(auditorFeeInvoices);
      expect(invoices.filter((i) => (i.status === "PAID") !== !!i.paidOn)).toEqual([]);
      expect(invoices.filter((i) => i.expectedCents !== null && i.amountCents > i.expectedCents)).toEqual([]);
      const surveys = await db.select().from(satisfactionSurveys);
      expect(surveys.filter((s) => !!s.answeredAt !== !!s.answers)).toEqual([]);
      expect(surveys.filter((s) => s.sentToAuditorsAt && !s.answeredAt)).toEqual([]);
      expect(surveys.some((s) => s.answeredAt) && surveys.some((s) => !s.answeredAt)).toBe(true);
    });

    it("rebills approved expenses only on their mission's live balance invoice, each once, at their amount", async () => {
      const { db } = ctx.handle;
      const lines = await db.select().from(expenses);
      const invoiceRows = await db.select().from(invoiceLines);
      const missionRows = await db.select({ id: missions.id, contractId: missions.contractId }).from(missions);
      const modeOf = (missionId: string) =>
        data.contracts.find((c) => c.id === missionRows.find((m) => m.id === missionId)?.contractId)?.travelExpenseMode;
      const live = (i: (typeof data.invoices)[number]) => i.kind === "BALANCE" && i.creditedCents === 0;
      const wrong: string[] = [];
      for (const e of lines) {
        if (!e.rebilledInvoiceId) continue;
        const inv = data.invoices.find((i) => i.id === e.rebilledInvoiceId);
        if (!inv || !live(inv) || inv.missionId !== e.missionId)
          wrong.push(`${e.id}: not on its mission's live balance`);
        if (e.status !== "APPROVED" && e.status !== "REIMBURSED") wrong.push(`${e.id}: rebilled while ${e.status}`);
        if (modeOf(e.missionId) !== 1) wrong.push(`${e.id}: rebilled without "frais en sus"`);
        const own = invoiceRows.filter((l) => l.invoiceId === e.rebilledInvoiceId && l.expenseId === e.id);
        if (own.length !== 1 || own[0]?.unitPriceCents !== e.amountCents || own[0]?.kind !== "TRAVEL")
          wrong.push(`${e.id}: not one TRAVEL line at its amount`);
      }
      for (const l of invoiceRows) {
        const inv = data.invoices.find((i) => i.id === l.invoiceId);
        if (l.expenseId && inv && live(inv) && lines.find((e) => e.id === l.expenseId)?.rebilledInvoiceId !== inv.id)
          wrong.push(`line ${l.id}: its expense does not point back at invoice ${inv.id}`);
      }
      // A live issued balance of a "frais en sus" mission bills every expense approved before it.
      for (const inv of data.invoices.filter((i) => live(i) && i.number && i.missionId && modeOf(i.missionId) === 1))
        for (const e of lines.filter((x) => x.missionId === inv.missionId && x.decidedAt && inv.issuedAt))
          if (
            (e.status === "APPROVED" || e.status === "REIMBURSED") &&
            e.decidedAt &&
            inv.issuedAt &&
            e.decidedAt < inv.issuedAt &&
            e.rebilledInvoiceId !== inv.id
          )
            wrong.push(`${e.id}: approved before invoice ${inv.number} but not on it`);
      expect(wrong).toEqual([]);
      expect(lines.some((e) => e.rebilledInvoiceId)).toBe(true);
    });

    it("keeps each invoice's totals, payments, credit note and status as issuing, paying and crediting make them", async () => {
      const { db } = ctx.handle;
      const lines = await db.select().from(invoiceLines);
      const payments = await db.select().from(invoicePayments);
      const kinds = new Set(data.invoices.map((i) => `${i.kind}:${i.status}`));
      for (const expected of [
        "DEPOSIT:INVOICE_PAID",
        "BALANCE:INVOICE_PREPARE",
        "BALANCE:INVOICE_SEND",
        "BALANCE:INVOICE_PARTIALLY_PAID",
        "BALANCE:INVOICE_PAID",
        "CREDIT_NOTE:INVOICE_PAID",
      ])
        expect(kinds.has(expected), expected).toBe(true);
      const wrong = data.invoices.filter((i) => {
        const own = lines.filter((l) => l.invoiceId === i.id);
        const ht = own.reduce((a, l) => a + l.totalHtCents, 0);
        const paid = payments.filter((p) => p.invoiceId === i.id).reduce((a, p) => a + p.amountCents, 0);
        const credit = data.invoices.find((c) => c.creditedInvoiceId === i.id);
        const status = !i.number
          ? "INVOICE_PREPARE"
          : i.kind === "CREDIT_NOTE" || paid + i.creditedCents >= i.totalTtcCents
            ? "INVOICE_PAID"
            : paid > 0
              ? "INVOICE_PARTIALLY_PAID"
              : "INVOICE_SEND";
        return (
          ht !== i.totalHtCents ||
          i.totalHtCents + i.totalVatCents !== i.totalTtcCents ||
          paid !== i.paidCents ||
          (credit ? credit.totalTtcCents : 0) !== i.creditedCents ||
          status !== i.status ||
          (!!i.number && (!i.issueDate || !i.seller || !i.terms))
        );
      });
      expect(wrong.map((i) => i.number ?? i.id)).toEqual([]);
      // Numbers follow the issue dates.
      const issued = data.invoices
        .filter((i) => i.number)
        .sort((a, b) => (a.number ?? "").localeCompare(b.number ?? ""));
      const dates = issued.map((i) => i.issueDate ?? "");
      expect(dates).toEqual([...dates].sort());
    });

    it("keeps the client list's search text and sort names as their sources give them (client_search migration)", async () => {
      // Recomputed with the list's own fold (foldedSql), not the triggers' function: rows written many
      // per statement (demo, scale seed) must have them filled like rows written one by one.
      const contact = sql`trim(coalesce(${contacts.firstName}, '') || ' ' || coalesce(${contacts.lastName}, ''))`;
      const fold = (expr: SQL | AnyPgColumn) => sql`lower(${foldedSql(expr)})`;
      const expected = {
        search: sql<string>`concat_ws(' ', ${fold(clients.raisonSocial)}, ${fold(clients.city)}, lower(${clients.postalCode}), lower(${clients.finess}), ${fold(legalEntities.raisonSocial)}, ${fold(gestionnaires.raisonSocial)}, ${fold(contact)})`,
        contact: fold(contact),
        gestionnaire: fold(gestionnaires.raisonSocial),
      };
      const wrong = await ctx.handle.db
        .select({ name: clients.raisonSocial, searchText: clients.searchText, expected: expected.search })
        .from(clients)
        .leftJoin(legalEntities, eq(legalEntities.id, clients.legalEntityId))
        .leftJoin(gestionnaires, eq(gestionnaires.id, legalEntities.gestionnaireId))
        .leftJoin(contacts, and(eq(contacts.clientId, clients.id), eq(contacts.isMain, true)))
        .where(
          or(
            sql`${clients.searchText} is distinct from ${expected.search}`,
            sql`${clients.listContactName} is distinct from ${expected.contact}`,
            sql`${clients.listGestionnaireName} is distinct from ${expected.gestionnaire}`,
          ),
        );
      expect(wrong).toEqual([]);
    });

    it("keeps the lists' counts as the rows give them (the journal's per element, action and author; the prospect tabs')", async () => {
      const wrong = await ctx.handle.queryRaw<{ key: string }>(
        // The author may be none (the system): compared as a zero id, since a full join needs equality.
        `with a as (select entity_type, action, coalesce(actor_id, '00000000-0000-0000-0000-000000000000') as actor,
                      count(*) as n from audit_log group by 1, 2, 3),
              c as (select entity_type, action, coalesce(actor_id, '00000000-0000-0000-0000-000000000000') as actor,
                      n from audit_log_counts)
         select concat_ws('/', entity_type, action, actor) as key from a full join c using (entity_type, action, actor)
         where coalesce(a.n, 0) <> coalesce(c.n, 0)`,
      );
      expect(wrong.map((r) => r.key)).toEqual([]);
      const tabs = await ctx.handle.queryRaw<{ tab: string }>(
        `with a as (select list_tab, count(*) as n from request_clients group by 1)
         select list_tab as tab from a full join request_tab_counts c using (list_tab)
         where coalesce(a.n, 0) <> coalesce(c.n, 0)`,
      );
      expect(tabs.map((r) => r.tab)).toEqual([]);
    });

    it("keeps the prospect list's derived columns as their triggers compute them", async () => {
      const derived = () =>
        ctx.handle.queryRaw<{ row: string }>(
          `select concat_ws('|', reference, establishment_count, first_postal_code, first_city, display_name,
             contact_name, search_text) as row from request_clients order by reference`,
        );
      const stored = await derived();
      // Computing them all again changes nothing when every write kept them.
      await ctx.handle.queryRaw("select request_clients_refresh(array(select id from request_clients))");
      expect(await derived()).toEqual(stored);
    });

    it("keeps each request's prospect list row as prospect_list_row computes it from its sources", async () => {
      const stale = await ctx.handle.queryRaw<{ reference: string }>(
        "select reference from request_clients r where list_row is distinct from prospect_list_row(r)",
      );
      expect(stale.map((r) => r.reference)).toEqual([]);
    });

    it("keeps each mail's list row as mail_list_row computes it from its sources", async () => {
      const stale = await ctx.handle.queryRaw<{ id: string }>(
        "select id from mail_outbox m where list_row is distinct from mail_list_row(m)",
      );
      expect(stale.map((r) => r.id)).toEqual([]);
    });

    it("keeps each document's list row as document_list_row computes it from its sources", async () => {
      const stale = await ctx.handle.queryRaw<{ id: string }>(
        "select id from documents d where list_row is distinct from document_list_row(d)",
      );
      expect(stale.map((r) => r.id)).toEqual([]);
    });

    it("keeps each invoice's list row as invoice_list_row computes it from its sources", async () => {
      const stale = await ctx.handle.queryRaw<{ id: string }>(
        "select id from invoices i where list_row is distinct from invoice_list_row(i)",
      );
      expect(stale.map((r) => r.id)).toEqual([]);
    });

    it("keeps each mission's list row as mission_list_row computes it from its sources", async () => {
      const stale = await ctx.handle.queryRaw<{ id: string }>(
        "select id from missions m where list_row is distinct from mission_list_row(m)",
      );
      expect(stale.map((r) => r.id)).toEqual([]);
    });

    it("keeps the requests' and clients' list rows as written, never compressed (read at every page)", async () => {
      const compressed = await ctx.handle.queryRaw<{ id: string }>(
        `select id from request_clients where pg_column_size(list_row) < octet_length(list_row)
         union all select id from clients where pg_column_size(list_row) < octet_length(list_row)`,
      );
      expect(compressed.map((r) => r.id)).toEqual([]);
    });

    it("keeps the client list's totals as a count of its clients gives them", async () => {
      const wrong = await ctx.handle.queryRaw<{ list: string }>(
        `with real as (
           select l as list, count(*) as n from clients,
             unnest(clients_counted_lists(client_since, evaluation_date, evaluation_finished_at)) l group by l)
         select list from real full join (select * from list_counts where list like 'clients%') kept using (list)
         where coalesce(real.n, 0) <> coalesce(kept.n, 0)`,
      );
      expect(wrong.map((r) => r.list)).toEqual([]);
    });

    it("keeps each client's list row as client_list_row computes it from its sources", async () => {
      const stale = await ctx.handle.queryRaw<{ id: string }>(
        "select id from clients c where list_row is distinct from client_list_row(c)",
      );
      expect(stale.map((r) => r.id)).toEqual([]);
    });

    it("keeps the gestionnaire list's counts as their triggers compute them", async () => {
      const derived = () =>
        ctx.handle.queryRaw<{ row: string }>(
          `select concat_ws('|', id, legal_entity_count, establishment_count, client_count) as row
             from gestionnaires order by id`,
        );
      const stored = await derived();
      await ctx.handle.queryRaw("select gestionnaires_refresh(array(select id from gestionnaires))");
      expect(await derived()).toEqual(stored);
    });

    it("writes a FEC that keeps the norm's rules over each year of invoices", async () => {
      const compta = await signIn(ctx, "compta@demo.fr", DEMO_PASSWORD);
      const issued = data.invoices.flatMap((i) => (i.issueDate ? [i.issueDate.slice(0, 4)] : []));
      let rows = 0;
      for (const year of new Set(issued)) {
        const r = await ctx.app.inject({
          method: "GET",
          url: `/api/accounting/fec?from=${year}-01-01&to=${year}-12-31`,
          headers: compta.bearer,
        });
        expect(r.statusCode, r.body).toBe(200);
        expect(checkFec(r.body), year).toEqual([]);
        rows += fecRows(r.body).length;
      }
      expect(rows).toBeGreaterThan(issued.length * 2);
    });
  });
}
