import type { ProfileType } from "@certidesk/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/client.js";
import type { Actor } from "../lib/actor.js";
import { unauthenticated } from "../lib/errors.js";
import type { SessionStore } from "../modules/auth/session-store.js";

type ResolvedSession = NonNullable<Awaited<ReturnType<SessionStore["resolve"]>>>;

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
  // A kept session resolves to the same object at each request (modules/auth/session-store.ts): its actor is
  // built once, frozen since every request of the session shares it.
  const actors = new WeakMap<object, Actor>();
  const actorOf = (resolved: ResolvedSession): Actor => {
    let actor = actors.get(resolved);
    if (!actor) {
      const { user, session } = resolved;
      actor = Object.freeze({
        userId: user.id,
        label: `${user.firstName} ${user.lastName}`,
        profileType: user.profileType as ProfileType,
        grants: resolved.grants,
        auditorId: user.auditorId,
        clientId: user.clientId,
        sessionId: session.id,
        mustChangePassword: user.mustChangePassword,
      });
      actors.set(resolved, actor);
    }
    return actor;
  };
  const authenticate = (
    request: FastifyRequest,
    reply: FastifyReply,
    found: NonNullable<ReturnType<typeof readToken>>,
    resolved: ResolvedSession,
  ) => {
    // Sliding expiry: the session was just extended, so is the browser's cookie.
    if (resolved.extended && found.via === "cookie") {
      setSessionCookies(reply, deps.cookies, { token: found.token, csrfToken: resolved.session.csrfToken });
    }
    request.actor = actorOf(resolved);
    request.authVia = found.via;
    request.sessionCsrfToken = resolved.session.csrfToken;
  };
  // Callback style: a session this server keeps is resolved in the same turn, without a promise.
  app.addHook("onRequest", (request, reply, done) => {
    const found = readToken(request);
    if (!found) return done();
    const kept = deps.sessions.kept(found.token);
    if (kept) {
      authenticate(request, reply, found, kept);
      return done();
    }
    deps.sessions.resolve(found.token).then((resolved) => {
      try {
        if (resolved) authenticate(request, reply, found, resolved);
      } catch (error) {
        return done(error as Error);
      }
      done();
    }, done);
  });
}

/** The actor of a route declared "authenticated" or with a grant (the permissions plugin guarantees one). */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
