import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEssms, buildRequest, buildUser } from "../../../test/factories.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditLog, clients } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Row = { id: string; alertType: string; dateRelance: string | null; commentCount: number; isRemovable: boolean };
type List = { items: Row[]; total: number };

/** What users do to an alert: stored against its key, the row leaving its list or coming back. */
describe("alert actions", () => {
  let ctx: TestContext;
  let dir: Session;
  let rh: Session;
  const clock = fixedClock("2026-04-15T08:00:00Z");
  let clientId: string;
  let requestId: string;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const db = ctx.handle.db;
    clientId = (await buildEssms(db, { raisonSocial: "Foyer Hélène Boucher", dateRelance: "2026-04-10" })).id;
    requestId = (await buildRequest(db, { status: "NEW", receivedAt: "2026-04-14" })).id;
    dir = await signIn(ctx, (await buildUser(db, "DIR")).identifier);
    rh = await signIn(ctx, (await buildUser(db, "RH")).identifier);
  });
  afterAll(() => ctx.close());

  const list = async (apiName: string, session = dir, query = "") => {
    const response = await ctx.app.inject({ url: `/api/alerts/getAlert${apiName}?${query}`, headers: session.bearer });
    expect(response.statusCode).toBe(200);
    return response.json() as List;
  };
  const post = (name: string, payload: object, session = dir) =>
    ctx.app.inject({ method: "POST", url: `/api/alerts/${name}`, headers: session.bearer, payload });
  const followUp = () => `client-follow-up:${clientId}`;
  const dates = async () => (await list("Date")).items.map((i) => i.id);

  it("lists the client's follow-up, found by any word of its name, accents ignored", async () => {
    expect(await dates()).toContain(followUp());
    const found = await list("Date", dir, `search=${encodeURIComponent("boucher HELENE")}`);
    expect(found.items.map((i) => i.id)).toEqual([followUp()]);
  });

  it("pages: the total is the same on every page, past the last one too, and equals the Count", async () => {
    const count = (await (await ctx.app.inject({ url: "/api/alerts/getAlertDateCount", headers: dir.bearer })).json())
      .count as number;
    const first = await list("Date", dir, "page=1&pageSize=1");
    const past = await list("Date", dir, `page=${count + 1}&pageSize=1`);
    expect(count).toBeGreaterThan(0);
    expect(first.items).toHaveLength(1);
    expect(first.total).toBe(count);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(count);
  });

  it("comments: the row stays, with its comment count and its history", async () => {
    expect((await post("comment", { id: followUp(), text: "Appelé la directrice." })).statusCode).toBe(200);
    const row = (await list("Date")).items.find((i) => i.id === followUp());
    expect(row?.commentCount).toBe(1);
    const history = await ctx.app.inject({
      url: `/api/alerts/history?id=${encodeURIComponent(followUp())}`,
      headers: dir.bearer,
    });
    expect(history.json()).toEqual([
      expect.objectContaining({ action: "COMMENTED", text: "Appelé la directrice.", actorName: expect.any(String) }),
    ]);
  });

  it("postpones to a date: the row leaves its list until that day, then comes back", async () => {
    const past = await post("saveAlertDate", { id: followUp(), date: "2026-04-15" });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).message).toBe("Choisissez une date après aujourd'hui.");
    expect((await post("saveAlertDate", { id: followUp(), date: "2026-04-20" })).statusCode).toBe(200);
    expect(await dates()).not.toContain(followUp());
    const counted = await ctx.app.inject({ url: "/api/alerts/getAlertDateCount", headers: dir.bearer });
    expect(counted.json()).toEqual({ count: (await dates()).length });
    clock.set("2026-04-19T08:00:00Z");
    expect(await dates()).not.toContain(followUp());
    clock.set("2026-04-20T08:00:00Z");
    const row = (await list("Date")).items.find((i) => i.id === followUp());
    expect(row?.dateRelance).toBe("2026-04-20");
  });

  it("removes: gone for good, until the record's due date moves (a new follow-up)", async () => {
    expect((await post("removeAlertById", { id: followUp() })).statusCode).toBe(200);
    expect(await dates()).not.toContain(followUp());
    await ctx.handle.db.update(clients).set({ dateRelance: "2026-05-02" }).where(eq(clients.id, clientId));
    clock.set("2026-05-02T08:00:00Z");
    expect(await dates()).toContain(followUp());
    const audit = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "alert"), eq(auditLog.entityId, followUp())));
    expect(audit.map((a) => a.action).sort()).toEqual(["alert.commented", "alert.postponed", "alert.removed"]);
  });

  it("confirms only a removable alert; comment is the way for the others", async () => {
    const id = `request-new:${requestId}`;
    const refused = await post("remove-alert-supervision", { id });
    expect(refused.statusCode).toBe(422);
    expect((await post("remove-alert-supervision", { id: followUp() })).statusCode).toBe(200);
    expect(await dates()).not.toContain(followUp());
  });

  it("marks a request handled through updateAlertDemandes (only on the Demandes page)", async () => {
    const id = `request-new:${requestId}`;
    expect((await post("updateAlertDemandes", { id })).statusCode).toBe(400);
    expect((await post("archiveAlertLinkinterest", { id })).statusCode).toBe(404);
    expect(
      (await post("updateAlertDemandes", { id, handled: true, comment: "Devis en préparation." })).statusCode,
    ).toBe(200);
    expect((await list("Demandes")).items.map((i) => i.id)).not.toContain(id);
    const count = await ctx.app.inject({ url: "/api/alerts/countAlertDemandes", headers: dir.bearer });
    expect(count.json()).toEqual({ count: (await list("Demandes")).total });
  });

  it("answers 404 on an alert the actor cannot see, or whose case does not exist", async () => {
    // RH has no PROSPECT right: the request's alert is not theirs.
    expect((await post("comment", { id: `request-new:${requestId}`, text: "x" }, rh)).statusCode).toBe(404);
    expect((await post("comment", { id: `client-follow-up:${requestId}`, text: "x" })).statusCode).toBe(404);
    expect((await post("comment", { id: "no-such-rule:1", text: "x" })).statusCode).toBe(404);
    expect((await post("removeAlertById", { id: "client-follow-up" })).statusCode).toBe(404);
    const history = await ctx.app.inject({
      url: `/api/alerts/history?id=request-new:${requestId}`,
      headers: rh.bearer,
    });
    expect(history.statusCode).toBe(404);
  });

  it("reads and saves the thresholds of Settings › Alertes, versioned", async () => {
    const read = async () =>
      (await ctx.app.inject({ url: "/api/alerts/settings", headers: dir.bearer })).json() as Array<{
        code: string;
        days: number;
        default: number;
        version: number;
      }>;
    const quote = (await read()).find((s) => s.code === "quote-unanswered");
    expect(quote).toMatchObject({ days: 30, default: 30, version: 0 });
    const put = (payload: object) =>
      ctx.app.inject({ method: "PUT", url: "/api/alerts/settings", headers: dir.bearer, payload });
    expect((await put({ code: "quote-unanswered", days: 20, version: 0 })).json()).toMatchObject({
      days: 20,
      version: 1,
    });
    expect((await put({ code: "quote-unanswered", days: 25, version: 0 })).statusCode).toBe(409);
    expect((await put({ code: "quote-unanswered", days: 25, version: 1 })).json()).toMatchObject({
      days: 25,
      version: 2,
    });
    expect((await put({ code: "client-follow-up", days: 5, version: 0 })).statusCode).toBe(404);
    expect((await put({ code: "quote-unanswered", days: -1, version: 2 })).statusCode).toBe(400);
    expect((await read()).find((s) => s.code === "quote-unanswered")?.days).toBe(25);
    const forbidden = await ctx.app.inject({ url: "/api/alerts/settings", headers: rh.bearer });
    expect(forbidden.statusCode).toBe(403);
  });
});
