import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, TEST_PASSWORD } from "../../../test/factories.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { mailOutbox } from "../../db/schema/index.js";

const NEW_PASSWORD = "Une toute nouvelle phrase 2026";

/** A reset link mailed earlier never sets a password after the account's password changed or it closed. */
describe("password reset links of one account", () => {
  let ctx: TestContext;
  let dir: Session;

  beforeAll(async () => {
    ctx = await createTestApp();
    dir = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  /** Asks for `count` links for the user and answers their tokens, as read from the mails. */
  async function mailedLinks(userId: string, identifier: string, count: number) {
    for (let i = 0; i < count; i++) {
      const asked = await ctx.app.inject({ method: "POST", url: "/auth/forgot-password", payload: { identifier } });
      expect(asked.statusCode).toBe(200);
    }
    await ctx.app.background.settled();
    const mails = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, userId));
    return mails.map((m) => /token=([\w-]+)/.exec(m.body)?.[1] ?? "");
  }
  const useLink = (token: string, password = NEW_PASSWORD) =>
    ctx.app.inject({ method: "POST", url: "/auth/reset-password", payload: { token, password } });
  const expectVoid = async (token: string) => {
    const refused = await useLink(token, "Encore une autre phrase 2026");
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused).message).toContain("n'est plus valide");
  };

  it("using one link voids every other link of the account", async () => {
    const user = await buildUser(ctx.handle.db, "CPI");
    const [first, second, third] = await mailedLinks(user.id, user.identifier, 3);
    const used = await useLink(second ?? "");
    expect(used.statusCode, used.body).toBe(200);
    await expectVoid(first ?? "");
    await expectVoid(third ?? "");
    // The password is the one the used link set.
    expect((await signIn(ctx, user.identifier, NEW_PASSWORD)).userId).toBe(user.id);
  });

  it("a password changed by its owner voids the pending links", async () => {
    const user = await buildUser(ctx.handle.db, "CPI");
    const [link] = await mailedLinks(user.id, user.identifier, 1);
    const session = await signIn(ctx, user.identifier);
    const changed = await ctx.app.inject({
      method: "POST",
      url: "/auth/change-password",
      headers: session.bearer,
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectVoid(link ?? "");
  });

  it("a provisional password given by an administrator voids the pending links", async () => {
    const user = await buildUser(ctx.handle.db, "CPI");
    const [link] = await mailedLinks(user.id, user.identifier, 1);
    const set = await ctx.app.inject({
      method: "POST",
      url: `/api/users/${user.id}/temporary-password`,
      headers: dir.bearer,
    });
    expect(set.statusCode, set.body).toBe(200);
    await expectVoid(link ?? "");
  });

  it("a deactivated account's links stay void once it is reactivated", async () => {
    const user = await buildUser(ctx.handle.db, "CPI");
    const [link] = await mailedLinks(user.id, user.identifier, 1);
    const active = (value: boolean, version: number) =>
      ctx.app.inject({
        method: "POST",
        url: `/api/users/${user.id}/active`,
        headers: dir.bearer,
        payload: { active: value, version },
      });
    const off = await active(false, user.version);
    expect(off.statusCode, off.body).toBe(200);
    expect((await active(true, (off.json() as { version: number }).version)).statusCode).toBe(200);
    await expectVoid(link ?? "");
  });
});
