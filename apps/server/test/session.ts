import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { AUTH_CHANGES_CHANNEL } from "../src/modules/auth/session-cache.js";
import { TEST_PASSWORD } from "./factories.js";
import type { TestContext } from "./test-app.js";

export interface Session {
  token: string;
  csrf: string;
  cookie: string;
  userId: string;
  /** Headers of an API client (bearer token). */
  bearer: Record<string, string>;
  /** Headers of the web app (cookie + CSRF header). */
  browser: Record<string, string>;
}

export async function signIn(ctx: TestContext, identifier: string, password = TEST_PASSWORD): Promise<Session> {
  const response = await ctx.app.inject({ method: "POST", url: "/auth/login", payload: { identifier, password } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { accessToken: string; id: string };
  const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
  const csrf = cookies.certidesk_csrf ?? "";
  const cookie = `certidesk_session=${cookies.certidesk_session}; certidesk_csrf=${csrf}`;
  return {
    token: body.accessToken,
    csrf,
    cookie,
    userId: body.id,
    bearer: { authorization: `Bearer ${body.accessToken}` },
    browser: { cookie, "x-csrf-token": csrf },
  };
}

export const errorOf = (response: LightMyRequestResponse) =>
  (response.json() as { error: { code: string; message: string } }).error;

/**
 * After a test wrote sessions, users or grants straight into the database, as another server would:
 * waits until this server has heard the database's notice of it (PostgreSQL sends it at commit, and it
 * arrives a moment later; notices arrive in commit order, so hearing a later one of ours is enough).
 */
export async function authChangesHeard(ctx: TestContext): Promise<void> {
  const payload = `test-${randomUUID()}`;
  const heard = ctx.app.sessions.noticeHeard(payload);
  await ctx.handle.queryRaw("select pg_notify($1, $2)", [AUTH_CHANGES_CHANNEL, payload]);
  await heard;
}
