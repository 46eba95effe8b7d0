import {
  changePasswordBodySchema,
  currentUserSchema,
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordBodySchema,
  loginBodySchema,
  okSchema,
  resetPasswordBodySchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import type { AppConfig } from "../../config.js";
import { CSRF_COOKIE, requireActor, SESSION_COOKIE, setSessionCookies } from "../../plugins/auth.js";
import type { AuthService } from "./auth.service.js";
import type { PasswordResetService } from "./password-reset.service.js";

export function authRoutes(
  app: AppInstance,
  deps: { auth: AuthService; passwordReset: PasswordResetService; config: AppConfig },
) {
  const { auth, passwordReset, config } = deps;

  app.post(
    "/auth/forgot-password",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Mot de passe oublié : envoie un lien par e-mail (même réponse que l'identifiant existe ou non)",
        body: forgotPasswordBodySchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await passwordReset.request(request.body.identifier, request.ip);
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    "/auth/reset-password",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Choisir un nouveau mot de passe depuis le lien reçu",
        body: resetPasswordBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await passwordReset.reset(request.body.token, request.body.password, request.ip);
      return { ok: true as const };
    },
  );

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
      config: { access: "authenticated", beforePasswordChange: true },
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
      config: { access: "authenticated", beforePasswordChange: true },
      schema: { tags: ["auth"], summary: "Utilisateur connecté", response: { 200: currentUserSchema } },
    },
    async (request) => auth.me(requireActor(request)),
  );

  app.post(
    "/auth/change-password",
    {
      config: { access: "authenticated", beforePasswordChange: true },
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
