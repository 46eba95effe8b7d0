import { changePasswordBodySchema, currentUserSchema, loginBodySchema, okSchema } from "@certidesk/shared";
import type { FastifyReply } from "fastify";
import type { AppInstance } from "../../app-instance.js";
import type { AppConfig } from "../../config.js";
import { CSRF_COOKIE, requireActor, SESSION_COOKIE } from "../../plugins/auth.js";
import type { AuthService } from "./auth.service.js";

function setSessionCookies(reply: FastifyReply, config: AppConfig, session: { token: string; csrfToken: string }) {
  const common = {
    path: "/",
    sameSite: "lax" as const,
    secure: config.secureCookies,
    maxAge: config.sessionTtlMs / 1000,
  };
  reply.setCookie(SESSION_COOKIE, session.token, { ...common, httpOnly: true });
  // Readable by the web app, which echoes it in the CSRF header of every write.
  reply.setCookie(CSRF_COOKIE, session.csrfToken, { ...common, httpOnly: false });
}

export function authRoutes(app: AppInstance, deps: { auth: AuthService; config: AppConfig }) {
  const { auth, config } = deps;

  app.post(
    "/auth/login",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], summary: "Connexion", body: loginBodySchema, response: { 200: currentUserSchema } },
    },
    async (request, reply) => {
      try {
        const { user, session } = await auth.login(request.body, {
          ip: request.ip,
          userAgent: request.headers["user-agent"],
        });
        setSessionCookies(reply, config, session);
        return user;
      } catch (error) {
        const retryAfter = (error as { retryAfter?: number }).retryAfter;
        if (retryAfter) reply.header("retry-after", String(retryAfter));
        throw error;
      }
    },
  );

  app.post(
    "/auth/logout",
    {
      config: { access: "authenticated" },
      schema: { tags: ["auth"], summary: "Déconnexion", response: { 200: okSchema } },
    },
    async (request, reply) => {
      if (request.actor) await auth.logout(request.actor);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      reply.clearCookie(CSRF_COOKIE, { path: "/" });
      return { ok: true as const };
    },
  );

  app.get(
    "/auth/me",
    {
      config: { access: "authenticated" },
      schema: { tags: ["auth"], summary: "Utilisateur connecté", response: { 200: currentUserSchema } },
    },
    async (request) => auth.me(requireActor(request)),
  );

  app.post(
    "/auth/change-password",
    {
      config: { access: "authenticated" },
      schema: {
        tags: ["auth"],
        summary: "Changer son mot de passe",
        body: changePasswordBodySchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request, reply) => {
      const { user, session } = await auth.changeOwnPassword(requireActor(request), request.body);
      setSessionCookies(reply, config, session);
      return user;
    },
  );
}
