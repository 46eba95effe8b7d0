import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildContract, buildEssms, buildRequest, buildUser } from "../../../test/factories.js";
import { signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import type { Actor } from "../../lib/actor.js";
import { systemClock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import type { ConfigurationService } from "../configuration/configuration.service.js";
import { createDocumentLinks } from "../documents/document-links.js";
import type { DocumentsService } from "../documents/documents.service.js";
import { createContractsService } from "./contracts.service.js";

const director: Actor = {
  userId: "00000000-0000-4000-8000-000000000001",
  label: "Direction",
  profileType: "DIR",
  grants: [
    { code: "PROSPECT", operation: { create: true, read: true, update: true, delete: true } },
    { code: "CLIENT", operation: { create: true, read: true, update: true, delete: true } },
  ],
  auditorId: null,
  clientId: null,
  sessionId: "s",
  mustChangePassword: false,
};

describe("contracts service", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("logs the cause when the FEB PDF cannot be regenerated, and answers the spec's message", async () => {
    const db = ctx.handle.db;
    const client = await buildEssms(db, { prospect: true });
    const request = await buildRequest(db, { clientIds: [client.id] });
    const contract = await buildContract(db, { requestId: request.id, clientIds: [client.id] });
    const cause = new Error("police introuvable");
    const log = { error: vi.fn() };
    const service = createContractsService({
      db,
      clock: systemClock,
      log,
      links: createDocumentLinks("secret"),
      documents: {} as DocumentsService,
      configuration: {
        get: () => Promise.reject(cause),
        logo: () => Promise.resolve(null),
      } as unknown as ConfigurationService,
    });
    const failure = await service.regenerateFeb(director, contract.id, contract.version).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).statusCode).toBe(500);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: cause, contractId: contract.id }),
      expect.any(String),
    );
  });

  it("sends each contract's abilities, from the policy, so screens need not re-derive them", async () => {
    const db = ctx.handle.db;
    const client = await buildEssms(db, { prospect: true });
    const request = await buildRequest(db, { clientIds: [client.id] });
    const draft = await buildContract(db, { requestId: request.id, clientIds: [client.id] });
    const refused = await buildContract(db, { requestId: request.id, clientIds: [client.id], status: "REFUSE" });
    const abilitiesOf = async (profile: "CC" | "CPI", id: string) => {
      const session = await signIn(ctx, (await buildUser(db, profile)).identifier);
      const response = await ctx.app.inject({ url: `/api/contracts/${id}`, headers: session.bearer });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { abilities: Record<string, boolean> }).abilities;
    };
    expect(await abilitiesOf("CC", draft.id)).toMatchObject({
      read: true,
      update: true,
      programme: true,
      terms: true,
      send: true,
      decide: false,
    });
    // Planning reads the commercial screen but programmes only from the client's screen (right CLIENT).
    expect(await abilitiesOf("CPI", draft.id)).toMatchObject({
      read: true,
      programme: false,
      programmeForClient: true,
    });
    expect(await abilitiesOf("CC", refused.id)).toMatchObject({ programme: false, terms: false, send: false });
  });

  it("loads a client's contracts together, whatever their number", async () => {
    const db = ctx.handle.db;
    const client = await buildEssms(db, { prospect: true });
    const request = await buildRequest(db, { clientIds: [client.id] });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await buildContract(db, { requestId: request.id, clientIds: [client.id] })).id);
    const service = createContractsService({
      db,
      clock: systemClock,
      links: createDocumentLinks("secret"),
      documents: {} as DocumentsService,
      configuration: {} as ConfigurationService,
    });
    const list = await service.listForClient(director, client.id);
    expect(list.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect(list.every((c) => c.establishments[0]?.clientId === client.id && c.abilities.read)).toBe(true);
  });
});
