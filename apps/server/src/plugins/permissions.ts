import { timingSafeEqual } from "node:crypto";
import { MESSAGES } from "@certidesk/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Access, isAllowed } from "../lib/authorization.js";
import { AppError, forbidden, unauthenticated } from "../lib/errors.js";
import { CSRF_HEADER } from "./auth.js";

/** Every route with its declared access: the authorization matrix test walks it. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Enforces each route's declared access before its input is even validated, so a denied caller
 * learns nothing from validation errors. A route without a declaration cannot be registered.
 */
export function registerPermissions(app: FastifyInstance): void {
  const catalogue: RouteAccess[] = [];
  app.decorate("routeAccess", catalogue);
  app.addHook("onRoute", (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    const internal = route.url.startsWith("/api/docs") || route.url === "/*" || route.method === "HEAD";
    if (!access && !internal) throw new Error(`Route ${route.method} ${route.url} has no access declaration`);
    if (access) {
      for (const method of [route.method].flat())
        if (method !== "HEAD") catalogue.push({ method, url: route.url, access });
    }
  });

  // Callback style, not async: the check is synchronous, and an async hook costs every request a promise
  // and a turn of the microtask queue (docs/performance.md).
  app.addHook("onRequest", (request, _reply, done) => done(refusal(request)));
}

/** Why a request may not reach its route (unauthenticated, CSRF, forbidden), or undefined when it may. */
function refusal(request: FastifyRequest): AppError | undefined {
  const access = request.routeOptions.config.access;
  if (!access || access === "public") return undefined;
  const actor = request.actor;
  if (!actor) return unauthenticated();
  if (request.authVia === "cookie" && !SAFE_METHODS.has(request.method)) {
    const header = request.headers[CSRF_HEADER];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!sent || !request.sessionCsrfToken || !sameToken(sent, request.sessionCsrfToken)) {
      return new AppError(403, "FORBIDDEN", MESSAGES.csrf);
    }
  }
  if (actor.mustChangePassword && !request.routeOptions.config.beforePasswordChange) {
    return new AppError(403, "PASSWORD_CHANGE_REQUIRED", MESSAGES.passwordChangeRequired);
  }
  return isAllowed(access, actor) ? undefined : forbidden();
}
