import { eq } from "drizzle-orm";
import { integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { auditLog } from "../db/schema/index.js";
import type { Actor } from "./actor.js";
import { fixedClock } from "./clock.js";
import { AppError } from "./errors.js";
import { allow, defineResource, granted, guard, inScope, recordScope } from "./policy.js";
import { appendSuperseding, versionedUpdate } from "./versioned-update.js";

// A throw-away table, so the helper is tested on its own and not through a module.
const notes = pgTable("test_notes", {
  id: uuid("id").primaryKey().defaultRandom(),
  clientId: uuid("client_id"),
  body: text("body").notNull(),
  status: text("status").notNull().default("DRAFT"),
  supersedesId: uuid("supersedes_id").unique(),
  version: integer("version").notNull().default(1),
});
type Note = typeof notes.$inferSelect;

const noteResource = defineResource<Note>()({
  name: "note",
  actions: ["update"],
  notFound: "Note introuvable.",
  scope: (a, n) => inScope(recordScope(a), { clientId: n.clientId }),
});
allow(noteResource, "update", (a) => granted(a, "CLIENT", "update"));
guard(noteResource, "update", (n) => n.status === "ISSUED" && "Une note émise ne se modifie plus.");

const actor: Actor = {
  userId: null as unknown as string,
  label: "Testeur",
  profileType: "CC",
  grants: [{ code: "CLIENT", operation: { create: false, read: true, update: true, delete: false } }],
  auditorId: null,
  clientId: null,
  sessionId: "s",
  mustChangePassword: false,
};
const clientUser: Actor = { ...actor, profileType: "MYQUALIANOR", clientId: "00000000-0000-4000-8000-000000000001" };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.handle.execRaw(
    `create table test_notes (id uuid primary key default gen_random_uuid(), client_id uuid, body text not null,
      status text not null default 'DRAFT', supersedes_id uuid unique references test_notes(id), version integer not null default 1)`,
  );
});
afterAll(() => ctx.close());

const insertNote = async (values: Partial<Note> = {}) => {
  const [row] = await ctx.handle.db
    .insert(notes)
    .values({ body: "première", ...values })
    .returning();
  if (!row) throw new Error("not inserted");
  return row;
};
const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (e) => (e instanceof AppError ? e.statusCode : 500),
  );
const auditOf = (id: string) => ctx.handle.db.select().from(auditLog).where(eq(auditLog.entityId, id));

describe("versionedUpdate", () => {
  const update = (id: string, version: number, who = actor, body = "seconde") =>
    versionedUpdate({
      db: ctx.handle.db,
      table: notes,
      id,
      version,
      actor: who,
      entityType: "note",
      authorize: { resource: noteResource, action: "update" },
      apply: () => ({ values: { body }, summary: "Note modifiée", changes: true }),
    });

  it("updates at the version read, bumps it and writes the audit entry with the differences", async () => {
    const note = await insertNote();
    const saved = await update(note.id, 1);
    expect(saved).toMatchObject({ body: "seconde", version: 2 });
    const [entry] = await auditOf(note.id);
    expect(entry).toMatchObject({
      action: "update",
      entityType: "note",
      summary: "Note modifiée",
      actorLabel: "Testeur",
    });
    expect(entry?.changes).toEqual({ body: { from: "première", to: "seconde" } });
  });

  it("answers 409 on a stale version and changes nothing", async () => {
    const note = await insertNote();
    await update(note.id, 1);
    expect(await statusOf(update(note.id, 1, actor, "troisième"))).toBe(409);
    const [row] = await ctx.handle.db.select().from(notes).where(eq(notes.id, note.id));
    expect(row).toMatchObject({ body: "seconde", version: 2 });
    expect(await auditOf(note.id)).toHaveLength(1);
  });

  it("answers 404 for a missing record or one outside the actor's scope, 409 on a guard", async () => {
    expect(await statusOf(update("00000000-0000-4000-8000-00000000ffff", 1))).toBe(404);
    const other = await insertNote({ clientId: "00000000-0000-4000-8000-000000000002" });
    expect(await statusOf(update(other.id, 1, clientUser))).toBe(404);
    const issued = await insertNote({ status: "ISSUED" });
    await expect(update(issued.id, 1)).rejects.toThrow("Une note émise ne se modifie plus.");
    expect(await auditOf(issued.id)).toHaveLength(0);
  });

  it("rolls everything back when a later step fails", async () => {
    const note = await insertNote();
    const failing = versionedUpdate({
      db: ctx.handle.db,
      table: notes,
      id: note.id,
      version: 1,
      actor,
      entityType: "note",
      apply: () => ({ values: { body: "perdue" }, summary: "x" }),
      after: async () => {
        throw new Error("boom");
      },
    });
    await expect(failing).rejects.toThrow("boom");
    const [row] = await ctx.handle.db.select().from(notes).where(eq(notes.id, note.id));
    expect(row).toMatchObject({ body: "première", version: 1 });
  });

  it("stamps updated_at from the injected clock when the table has the column", async () => {
    const { gestionnaires } = await import("../db/schema/index.js");
    const [g] = await ctx.handle.db.insert(gestionnaires).values({ raisonSocial: "G" }).returning();
    if (!g) throw new Error("not inserted");
    const saved = await versionedUpdate({
      db: ctx.handle.db,
      table: gestionnaires,
      id: g.id,
      version: g.version,
      actor,
      entityType: "gestionnaire",
      clock: fixedClock("2026-03-31T22:30:00Z"),
      apply: () => ({ values: { city: "Lyon" }, summary: "Gestionnaire modifié" }),
    });
    expect(saved.updatedAt.toISOString()).toBe("2026-03-31T22:30:00.000Z");
  });
});

describe("appendSuperseding", () => {
  const supersede = (id: string, version: number) =>
    appendSuperseding({
      db: ctx.handle.db,
      table: notes,
      id,
      version,
      actor,
      entityType: "note",
      supersedes: notes.supersedesId,
      authorize: { resource: noteResource, action: "update" },
      build: (_tx, current) => ({ values: { body: `${current.body} (rectifiée)` }, summary: "Note rectifiée" }),
    });

  it("inserts a successor pointing at the record, leaves the record untouched, refuses a second one", async () => {
    const original = await insertNote();
    const successor = await supersede(original.id, 1);
    expect(successor).toMatchObject({ body: "première (rectifiée)", supersedesId: original.id, version: 1 });
    const [kept] = await ctx.handle.db.select().from(notes).where(eq(notes.id, original.id));
    expect(kept).toEqual(original);
    const [entry] = await auditOf(successor.id);
    expect(entry).toMatchObject({ action: "supersede", summary: "Note rectifiée" });
    expect(await statusOf(supersede(original.id, 1))).toBe(409);
    expect(await statusOf(supersede(original.id, 2))).toBe(409);
  });
});
