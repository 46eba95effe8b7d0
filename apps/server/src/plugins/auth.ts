import type { ProfileType } from "@certidesk/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/client.js";
import type { Actor } from "../lib/actor.js";
import { unauthenticated } from "../lib/errors.js";
import type { SessionStore } from "../modules/auth/session-store.js";

export const SESSION_COOKIE = "certidesk_session";
export const CSRF_COOKIE = "certidesk_csrf";
export const CSRF_HEADER = "x-csrf-token";

export interface CookieSettings {
  secureCookies: boolean;
  sessionTtlMs: number;
}

/** The session cookie (httpOnly) and the CSRF cookie (readable by the web app, echoed in a header). */
export function setSessionCookies(
  reply: FastifyReply,
  settings: CookieSettings,
  session: { token: string; csrfToken: string },
) {
  const common = {
    path: "/",
    sameSite: "lax" as const,
    secure: settings.secureCookies,
    // Whole seconds: a fractional Max-Age is refused by the cookie serializer.
    maxAge: Math.floor(settings.sessionTtlMs / 1000),
  };
  reply.setCookie(SESSION_COOKIE, session.token, { ...common, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, session.csrfToken, { ...common, httpOnly: false });
}

function readToken(request: FastifyRequest): { token: string; via: "cookie" | "bearer" } | null {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) {
    const token = header.slice(7).trim();
    if (token) return { token, via: "bearer" };
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/** Resolves the session of every request into `request.actor` (null when anonymous). */
export function registerAuth(
  app: FastifyInstance,
  deps: { db: Database; sessions: SessionStore; cookies: CookieSettings },
): void {
  app.decorateRequest("actor", null);
  app.decorateRequest("authVia", null);
  app.decorateRequest("sessionCsrfToken", null);
  app.addHook("onRequest", async (request, reply) => {
    const found = readToken(request);
    if (!found) return;
    const resolved = await deps.sessions.resolve(found.token);
    if (!resolved) return;
    const { user, session } = resolved;
    // Sliding expiry: the session was just extended, so is the browser's cookie.
    if (resolved.extended && found.via === "cookie") {
      setSessionCookies(reply, deps.cookies, { token: found.token, csrfToken: session.csrfToken });
    }
    request.actor = {
      userId: user.id,
      label: `${user.firstName} ${user.lastName}`,
      profileType: user.profileType as ProfileType,
      grants: resolved.grants,
      auditorId: user.auditorId,
      clientId: user.clientId,
      sessionId: session.id,
    };
    request.authVia = found.via;
    request.sessionCsrfToken = session.csrfToken;
  });
}

/** The actor of a route declared "authenticated" or with a grant (the permissions plugin guarantees one). */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
