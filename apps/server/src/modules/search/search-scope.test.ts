import {
  defaultGrants,
  hasPermission,
  isStaffProfile,
  type PermissionCode,
  PROFILE_TYPES,
  type ProfileType,
  SEARCH_KINDS,
  type SearchKind,
} from "@certidesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { idsByKind, search, searchWorld } from "../../../test/search-fixtures.js";
import { type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";

/**
 * The right that lets a profile read each kind, written from docs/permissions.md (the screens that show them),
 * not taken from the code under test.
 */
const READ_WITH: Record<SearchKind, PermissionCode> = {
  client: "CLIENT",
  gestionnaire: "GESTIONNAIRE",
  contact: "CLIENT",
  request: "PROSPECT",
  quote: "PROSPECT",
  contract: "PROSPECT",
  mission: "MISSION",
  invoice: "INVOICE",
  evaluator: "MISSION",
  document: "CERTMANAGER_DOCUMENT",
  mail: "MAIL",
};
const STAFF_PROFILES = PROFILE_TYPES.filter(isStaffProfile);
const readableBy = (profile: ProfileType) =>
  SEARCH_KINDS.filter((kind) => hasPermission(defaultGrants(profile), READ_WITH[kind], "read"));

/** Every profile searches for the same records, and finds only those it may read. */
describe("global search: what each profile finds", () => {
  let ctx: TestContext;
  let world: Awaited<ReturnType<typeof searchWorld>>;
  const sessions = new Map<ProfileType, Session>();

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.handle.db;
    const dir = await signIn(ctx, (await buildUser(db, "DIR")).identifier);
    world = await searchWorld(ctx, dir, "Penmarch", 2047);
    // Every result of a kind, not the five first: the six documents are all there to be found or not.
    const settings = await ctx.app.inject({ method: "GET", url: "/api/settings/search", headers: dir.bearer });
    const saved = await ctx.app.inject({
      method: "PUT",
      url: "/api/settings/search",
      headers: dir.bearer,
      payload: { kinds: [...SEARCH_KINDS], resultsPerKind: 20, version: settings.json().version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const profile of STAFF_PROFILES)
      sessions.set(profile, await signIn(ctx, (await buildUser(db, profile)).identifier));
    const evaluator = await buildUser(db, "AUDITEUR", { auditorId: world.north.evaluator.id });
    sessions.set("AUDITEUR", await signIn(ctx, evaluator.identifier));
    const clientUser = await buildUser(db, "MYQUALIANOR", { clientId: world.north.clientId });
    sessions.set("MYQUALIANOR", await signIn(ctx, clientUser.identifier));
  });
  afterAll(() => ctx.close());

  const session = (profile: ProfileType) => {
    const found = sessions.get(profile);
    if (!found) throw new Error(`no session for ${profile}`);
    return found;
  };

  it.each([...STAFF_PROFILES])("%s finds every kind its rights open, and no other", async (profile) => {
    const readable = readableBy(profile);
    const byWord = idsByKind(await search(ctx, session(profile), "penmarch"));
    const byNumber = idsByKind(await search(ctx, session(profile), "2047"));
    const kinds = new Set([...Object.keys(byWord), ...Object.keys(byNumber)]);
    expect(
      [...kinds].filter((kind) => !readable.includes(kind as SearchKind)),
      "kinds it may not read",
    ).toEqual([]);
    const planted: SearchKind[] = ["client", "gestionnaire", "contact", "request", "mission", "invoice", "evaluator"];
    for (const kind of [...planted, "document", "mail"] as const)
      if (readable.includes(kind)) expect(byWord[kind], `${profile} ${kind}`).toBeDefined();
    if (readable.includes("quote")) expect(byNumber.quote).toEqual([world.quoteId]);
    if (readable.includes("invoice"))
      expect(byNumber.invoice).toEqual(expect.arrayContaining([world.invoices.north, world.invoices.south]));
    // The personnel files (RH family): the Direction and HR alone (docs/permissions.md, "Documents RH").
    if (byWord.document) expect(byWord.document.includes(world.documents.hr)).toBe(["DIR", "RH"].includes(profile));
  });

  it("an evaluator finds their own mission, file and documents, nothing of the other evaluator's", async () => {
    const evaluator = session("AUDITEUR");
    const found = await search(ctx, evaluator, "penmarch");
    expect(idsByKind(found)).toEqual({
      mission: [world.north.mission.id],
      evaluator: [world.north.evaluator.id],
      document: [world.documents.yves],
    });
    const paths = found.groups.flatMap((g) => g.results.map((r) => r.path));
    const space = `/espace-evaluateur/${world.north.evaluator.id}`;
    expect(paths.sort()).toEqual([space, `${space}?onglet=documents`, `${space}?onglet=programmes`]);
    expect((await search(ctx, evaluator, "2047")).groups).toEqual([]);
    expect((await search(ctx, evaluator, "Penmarch Deux")).groups).toEqual([]);
  });

  it("a client user finds their establishment, its mission, issued invoices and documents, nothing of another's", async () => {
    const client = session("MYQUALIANOR");
    const found = await search(ctx, client, "penmarch");
    expect(idsByKind(found)).toEqual({
      client: [world.north.clientId],
      mission: [world.north.mission.id],
      invoice: [world.invoices.north],
      document: [world.documents.north],
    });
    const portal = "/my-ingeris/donnees-certification";
    const pathOf = (kind: SearchKind) => found.groups.find((g) => g.kind === kind)?.results[0]?.path;
    expect(pathOf("client")).toBe(portal);
    expect(pathOf("mission")).toBe(`${portal}#mission-${world.north.mission.id}`);
    expect(pathOf("invoice")).toBe(`${portal}#factures`);
    expect(idsByKind(await search(ctx, client, "2047"))).toEqual({ invoice: [world.invoices.north] });
    expect((await search(ctx, client, "Penmarch Sud")).groups).toEqual([]);
  });
});
