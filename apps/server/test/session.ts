import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
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
