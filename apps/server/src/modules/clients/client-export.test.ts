import type { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEssms, buildLegalEntity, buildUser } from "../../../test/factories.js";
import { signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients, contacts } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { fixedClock } from "../../lib/clock.js";
import { createClientsService } from "./clients.service.js";

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe("client export", () => {
  let ctx: TestContext;
  const actor: Actor = {
    userId: "00000000-0000-4000-8000-000000000001",
    label: "CC",
    profileType: "CC",
    grants: [{ code: "CLIENT", operation: { create: false, read: true, update: false, delete: false } }],
    auditorId: null,
    clientId: null,
    sessionId: "s",
    mustChangePassword: false,
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    for (let i = 1; i <= 7; i++) await buildEssms(ctx.handle.db, { raisonSocial: `EHPAD Export ${i}` });
  });
  afterAll(() => ctx.close());

  it("writes every row across batches, in the list's order, none repeated (no silent cap)", async () => {
    // A batch of 3 for 7 rows: the old code stopped at a fixed limit; here every batch must be read.
    const service = createClientsService({
      db: ctx.handle.db,
      clock: fixedClock("2026-03-31T22:30:00Z"),
      exportBatchSize: 3,
    });
    const { filename, stream } = await service.exportXlsx(actor, { filter: "all", sort: null });
    expect(filename).toBe("clients-2026-04-01.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readAll(stream)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Clients");
    const names = (sheet?.getColumn(1).values ?? []).slice(2);
    expect(names).toEqual([1, 2, 3, 4, 5, 6, 7].map((i) => `EHPAD Export ${i}`));
    expect(sheet?.getRow(1).getCell(1).value).toBe("Raison sociale");
  });

  it("streams a few thousand clients through the route, every row present once", async () => {
    // Inserted in bulk (the factories would take a query or three per client): under 300 legal
    // entities, each with a main contact, like a real base.
    const total = 3_000;
    const entities: string[] = [];
    for (let i = 0; i < 300; i++) entities.push((await buildLegalEntity(ctx.handle.db)).id);
    for (let start = 0; start < total; start += 500) {
      const rows = await ctx.handle.db
        .insert(clients)
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            raisonSocial: `Volume ${String(start + i).padStart(5, "0")}`,
            postalCode: "69003",
            city: "Lyon",
            legalEntityId: entities[(start + i) % entities.length],
            clientSince: new Date(),
          })),
        )
        .returning({ id: clients.id });
      await ctx.handle.db
        .insert(contacts)
        .values(rows.map((r) => ({ clientId: r.id, firstName: "Claire", lastName: "Martin", isMain: true })));
    }
    const cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/clients/extractClientList?filter=all",
      headers: cc.bearer,
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const names = (workbook.getWorksheet("Clients")?.getColumn(1).values ?? []).slice(2) as string[];
    const volume = names.filter((n) => n.startsWith("Volume "));
    expect(volume).toHaveLength(total);
    expect(new Set(volume).size).toBe(total);
    // In the list's order (by name): the batches follow each other.
    expect(volume).toEqual([...volume].sort());
    expect(names).toHaveLength(total + 7);
    // Inserting 3,000 clients through the list triggers takes PGlite 10–20 s, more on a busy CI machine.
  }, 120_000);
});
