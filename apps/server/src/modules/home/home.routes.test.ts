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
    await buildEssms(db, { evaluationDate: null });
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

  it("counts what is due from the pipeline's data", async () => {
    expect(await itemsFor("DIR")).toEqual({
      CLIENT_TO_PROGRAM: 1,
      CLIENT_FOLLOW_UP: 1,
      PROSPECT_FOLLOW_UP: 1,
      QUOTE_UNANSWERED: 0,
      CONTRACT_OVERDUE: 1,
    });
  });

  it("shows each count only to those who may open its screen", async () => {
    expect(Object.keys(await itemsFor("CPI"))).toEqual([
      "CLIENT_TO_PROGRAM",
      "CLIENT_FOLLOW_UP",
      "PROSPECT_FOLLOW_UP",
      "QUOTE_UNANSWERED",
      "CONTRACT_OVERDUE",
    ]);
    expect(Object.keys(await itemsFor("RH"))).toEqual(["CLIENT_TO_PROGRAM", "CLIENT_FOLLOW_UP"]);
    expect(await itemsFor("MYQUALIANOR")).toEqual({});
  });
});
