import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContract, buildEssms, buildLegalEntity, buildRequest } from "../../../test/factories.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients, contractEstablishments, contracts } from "../../db/schema/index.js";

/**
 * The client list reads the latest contract and the multi-establishment flag from columns the
 * database keeps (migration 0014's triggers): every write that changes them must move them, in the
 * same statement, whatever code path wrote.
 */
describe("client list derived columns", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const read = async (ids: string[]) =>
    new Map(
      (
        await ctx.handle.db
          .select({
            id: clients.id,
            multi: clients.isMultiClient,
            contractId: clients.latestContractId,
            status: clients.latestContractStatus,
          })
          .from(clients)
          .where(inArray(clients.id, ids))
      ).map((r) => [r.id, r]),
    );

  it("follows the establishments of a legal entity: added, moved away, deleted", async () => {
    const { db } = ctx.handle;
    const entity = await buildLegalEntity(db);
    const other = await buildLegalEntity(db);
    const a = await buildEssms(db, { legalEntityId: entity.id });
    expect((await read([a.id])).get(a.id)?.multi).toBe(false);
    const b = await buildEssms(db, { legalEntityId: entity.id });
    let rows = await read([a.id, b.id]);
    expect([rows.get(a.id)?.multi, rows.get(b.id)?.multi]).toEqual([true, true]);
    await db.update(clients).set({ legalEntityId: other.id }).where(eq(clients.id, b.id));
    rows = await read([a.id, b.id]);
    expect([rows.get(a.id)?.multi, rows.get(b.id)?.multi]).toEqual([false, false]);
    const c = await buildEssms(db, { legalEntityId: other.id });
    expect((await read([b.id, c.id])).get(b.id)?.multi).toBe(true);
    await db.delete(clients).where(eq(clients.id, c.id));
    expect((await read([b.id])).get(b.id)?.multi).toBe(false);
  });

  it("follows the latest contract: created, status changed, establishment removed, contract deleted", async () => {
    const { db } = ctx.handle;
    const essms = await buildEssms(db);
    expect((await read([essms.id])).get(essms.id)).toMatchObject({ contractId: null, status: null });
    const request = await buildRequest(db, { clientIds: [essms.id] });
    const first = await buildContract(db, {
      requestId: request.id,
      clientIds: [essms.id],
      createdAt: new Date("2026-01-10T10:00:00Z"),
    });
    expect((await read([essms.id])).get(essms.id)).toMatchObject({ contractId: first.id, status: "DRAFT" });
    await db.update(contracts).set({ status: "SIGNED" }).where(eq(contracts.id, first.id));
    expect((await read([essms.id])).get(essms.id)?.status).toBe("SIGNED");
    const second = await buildContract(db, {
      requestId: request.id,
      clientIds: [essms.id],
      createdAt: new Date("2026-03-10T10:00:00Z"),
    });
    expect((await read([essms.id])).get(essms.id)).toMatchObject({ contractId: second.id, status: "DRAFT" });
    await db.delete(contractEstablishments).where(eq(contractEstablishments.contractId, second.id));
    expect((await read([essms.id])).get(essms.id)).toMatchObject({ contractId: first.id, status: "SIGNED" });
    await db.delete(contracts).where(eq(contracts.id, first.id));
    expect((await read([essms.id])).get(essms.id)).toMatchObject({ contractId: null, status: null });
  });
});
