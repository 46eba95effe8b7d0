import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContract, buildEssms, buildRequest, buildUser } from "../../../test/factories.js";
import { signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";

type Item = { code: string; count: number; link: string };

describe("landing page work items", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.handle.db;
    await buildEssms(db, { evaluationDate: null, clientSince: new Date("2020-01-01T10:00:00Z") });
    await buildEssms(db, { evaluationDate: "2027-03-01", dateRelance: "2020-01-01" });
    await buildEssms(db, { prospect: true, evaluationDate: null });
    await buildRequest(db, { status: "QUOTE_SENT", dateRelance: "2020-01-01" });
    await buildRequest(db, { status: "QUOTE_SENT", dateRelance: "2999-01-01" });
    await buildRequest(db, { status: "REFUSE", dateRelance: "2020-01-01" });
    const signed = await buildRequest(db, { status: "CONTRACT_SENT" });
    const contractClient = await buildEssms(db, { prospect: true });
    await buildContract(db, {
      requestId: signed.id,
      clientIds: [contractClient.id],
      status: "SENT",
      deadline: "2020-06-30",
    });
  });
  afterAll(() => ctx.close());

  const itemsFor = async (profile: "DIR" | "CPI" | "RH" | "MYQUALIANOR") => {
    const session = await signIn(ctx, (await buildUser(ctx.handle.db, profile)).identifier);
    const response = await ctx.app.inject({ url: "/api/home/work-items", headers: session.bearer });
    expect(response.statusCode).toBe(200);
    return Object.fromEntries((response.json() as Item[]).map((i) => [i.code, i.count]));
  };

  it("counts each alert page from the pipeline's data, leading to its tab", async () => {
    const items = await itemsFor("DIR");
    expect(items).toMatchObject({ ALERT_DEMAND: expect.any(Number), ALERT_PLANIFICATION: 1, ALERT_DATE: 3 });
    const session = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
    const response = await ctx.app.inject({ url: "/api/home/work-items", headers: session.bearer });
    const dates = (response.json() as Item[]).find((i) => i.code === "ALERT_DATE");
    expect(dates?.link).toBe("/app/alert?page=alert-date");
  });

  it("shows each page only to those who may open one of its screens", async () => {
    expect(Object.keys(await itemsFor("RH"))).toEqual([
      "ALERT_EVALUATEUR",
      "ALERT_LIEN",
      "ALERT_PLANIFICATION",
      "ALERT_DATE",
    ]);
    expect(await itemsFor("MYQUALIANOR")).toEqual({});
  });
});
