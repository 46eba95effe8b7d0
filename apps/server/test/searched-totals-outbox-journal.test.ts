import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client.js";
import { auditLog, clients, mailOutbox } from "../src/db/schema/index.js";
import { listAuditEntries } from "../src/modules/audit/audit.repository.js";
import { listMails } from "../src/modules/mail/mail.repository.js";
import { buildEssms } from "./factories.js";
import { createTestApp, type TestContext } from "./test-app.js";

/**
 * The totals of searched outbox and journal views are remembered per data version (lib/versioned-totals.ts,
 * migration 0042): whatever changes the mails, the establishments they are searched by, or the journal, the
 * next answer's total is a real count; a write no trigger sees (as a replica applies them) shows that the
 * total was remembered, not counted again.
 */
describe("searched totals of the outbox and the journal", () => {
  let ctx: TestContext;
  let db: Database;
  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.handle.db;
  });
  afterAll(() => ctx.close());

  /** Rows written as a replica writes them: no trigger, so no version moves. */
  const unseen = async (write: (tx: Database) => Promise<unknown>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await write(tx as never);
    });

  const mailsFound = async (search: string) =>
    (await listMails(db, { page: 1, pageSize: 1, search, sort: "createdAt", direction: "desc" })).total;
  const mail = (subject: string, clientId?: string) => ({ to: ["a@b.fr"], subject, body: "…", clientId });

  it("outbox: follows mails sent, renamed and deleted, and the establishments searched by name", async () => {
    expect(await mailsFound("Zéphyr")).toBe(0);
    const [first] = await db
      .insert(mailOutbox)
      .values([mail("Devis Zéphyr"), mail("Relance zephyr")])
      .returning();
    expect(await mailsFound("zéphyr")).toBe(2);
    // A replica copies every column: the search text too, which the primary's trigger wrote (migration 0059).
    await unseen((tx) =>
      tx.insert(mailOutbox).values({ ...mail("Zéphyr, sans version"), searchText: "zephyr, sans version a@b.fr" }),
    );
    expect(await mailsFound("zéphyr")).toBe(2);
    await db
      .update(mailOutbox)
      .set({ subject: "Devis Borée" })
      .where(eq(mailOutbox.id, first?.id ?? ""));
    expect(await mailsFound("zéphyr")).toBe(2);
    await db.update(mailOutbox).set({ deletedAt: new Date() }).where(sql`${mailOutbox.subject} like 'Relance%'`);
    expect(await mailsFound("zéphyr")).toBe(1);
    // An establishment renamed changes what its mails are found by.
    const client = await buildEssms(db, { raisonSocial: "Foyer Aquilon" });
    await db.insert(mailOutbox).values(mail("Convocation", client.id));
    expect(await mailsFound("aquilon")).toBe(1);
    await db.update(clients).set({ raisonSocial: "Foyer Sirocco" }).where(eq(clients.id, client.id));
    expect(await mailsFound("aquilon")).toBe(0);
    expect(await mailsFound("sirocco")).toBe(1);
  });

  const journalFound = async (search: string, page = 1) => {
    const answer = await listAuditEntries(db, { page, pageSize: 1, search, sort: "occurredAt", direction: "desc" });
    const parsed = JSON.parse(answer.text) as { items: unknown[]; total: number };
    return { total: parsed.total, items: parsed.items.length };
  };
  const entry = (summary: string) => ({
    actorLabel: "Système",
    action: "update",
    entityType: "client",
    entityId: "x",
    summary,
  });

  it("journal: follows entries written and deleted, and past the last page", async () => {
    expect((await journalFound("Mistral")).total).toBe(0);
    await db.insert(auditLog).values([entry("Règlement Mistral"), entry("Relance mistral")]);
    expect(await journalFound("mistral")).toEqual({ total: 2, items: 1 });
    await unseen((tx) => tx.insert(auditLog).values(entry("Mistral, sans version")));
    expect(await journalFound("mistral")).toEqual({ total: 2, items: 1 });
    // Past the last page: no entry, the total still there.
    expect(await journalFound("mistral", 9)).toEqual({ total: 2, items: 0 });
    await db.insert(auditLog).values(entry("Mistral encore"));
    expect(await journalFound("mistral", 9)).toEqual({ total: 4, items: 0 });
    await db.delete(auditLog).where(sql`${auditLog.summary} like '%istral%'`);
    expect(await journalFound("mistral")).toEqual({ total: 0, items: 0 });
  });

  it("a transaction that wrote counts what it sees and keeps nothing of it", async () => {
    await db.insert(auditLog).values(entry("Tramontane"));
    expect((await journalFound("tramontane")).total).toBe(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(auditLog).values(entry("Tramontane bis"));
        const inside = await listAuditEntries(tx, {
          page: 1,
          pageSize: 1,
          search: "tramontane",
          sort: "occurredAt",
          direction: "desc",
        });
        expect((JSON.parse(inside.text) as { total: number }).total).toBe(2);
        throw new Error("annulée");
      }),
    ).rejects.toThrow("annulée");
    expect((await journalFound("tramontane")).total).toBe(1);
  });

  const gate = () => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { opened, open };
  };

  // Two connections: PGlite has one, where transactions never run side by side.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "two transactions writing the same lists in opposite orders commit one after the other, neither refused",
    async () => {
      const a = await buildEssms(db, { raisonSocial: "Foyer Alizé" });
      const b = await buildEssms(db, { raisonSocial: "Foyer Blizzard" });
      const aBumped = gate();
      const bAsked = gate();
      // The deferred triggers fired one at a time, as a commit fires them, in each transaction's order of
      // writes: A (clients, then the journal) beside B (the journal, then clients). Their entries are of two
      // actions: the journal's counts per action would otherwise hold B behind A from its first write.
      const txA = db.transaction(async (tx) => {
        await tx.update(clients).set({ city: "Arles" }).where(eq(clients.id, a.id));
        await tx.insert(auditLog).values({ ...entry("A"), action: "test-a" });
        await tx.execute(sql`set constraints clients_list_version immediate`);
        aBumped.open();
        await bAsked.opened;
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`set constraints all immediate`);
      });
      const txB = db.transaction(async (tx) => {
        await aBumped.opened;
        await tx.insert(auditLog).values({ ...entry("B"), action: "test-b" });
        await tx.update(clients).set({ city: "Brest" }).where(eq(clients.id, b.id));
        const asked = tx.execute(sql`set constraints audit_log_list_version immediate`);
        bAsked.open();
        await asked;
        await tx.execute(sql`set constraints all immediate`);
      });
      await expect(Promise.all([txA, txB])).resolves.toHaveLength(2);
      const cities = await db
        .select({ city: clients.city })
        .from(clients)
        .where(sql`${clients.id} in (${a.id}, ${b.id})`);
      expect(cities.map((c) => c.city).sort()).toEqual(["Arles", "Brest"]);
    },
  );
});
