import {
  createUserBodySchema,
  idParamsSchema,
  linkOptionSchema,
  listUsersQuerySchema,
  okSchema,
  pageResultSchema,
  savedResultSchema,
  searchTextSchema,
  setActiveBodySchema,
  temporaryPasswordResultSchema,
  updateUserBodySchema,
  userRowSchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { UsersService } from "./users.service.js";

const tags = ["utilisateurs"];

export function usersRoutes(app: AppInstance, { users }: { users: UsersService }) {
  app.get(
    "/api/users",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: {
        tags,
        summary: "Liste des utilisateurs",
        querystring: listUsersQuerySchema,
        response: { 200: pageResultSchema(userRowSchema) },
      },
    },
    async (request) => users.list(request.query),
  );

  app.get(
    "/api/users/link-options",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: {
        tags,
        summary: "Évaluateurs ou clients à rattacher à un utilisateur",
        querystring: z.object({ kind: z.enum(["auditor", "client"]), search: searchTextSchema.optional() }),
        response: { 200: z.array(linkOptionSchema) },
      },
    },
    async (request) => users.linkOptions(request.query.kind, request.query.search),
  );

  app.post(
    "/api/users",
    {
      config: { access: { code: "ADMIN", op: "create" } },
      schema: {
        tags,
        summary: "Créer un utilisateur",
        body: createUserBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => users.create(requireActor(request), request.body, request.id),
  );

  app.put(
    "/api/users/:id",
    {
      config: { access: { code: "ADMIN", op: "update" } },
      schema: {
        tags,
        summary: "Modifier un utilisateur",
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => users.update(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/users/:id/active",
    {
      config: { access: { code: "ADMIN", op: "update" } },
      schema: {
        tags,
        summary: "Activer ou désactiver un utilisateur",
        params: idParamsSchema,
        body: setActiveBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => users.setActive(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/users/:id/reset-link",
    {
      config: { access: { code: "ADMIN", op: "update" } },
      schema: {
        tags,
        summary: "Envoyer à l'utilisateur un lien pour choisir son mot de passe",
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await users.sendResetLink(requireActor(request), request.params.id, request.id);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/users/:id/temporary-password",
    {
      config: { access: { code: "ADMIN", op: "update" } },
      schema: {
        tags,
        summary: "Donner un mot de passe provisoire, à changer à la prochaine connexion",
        params: idParamsSchema,
        response: { 200: temporaryPasswordResultSchema },
      },
    },
    async (request) => users.issueTemporaryPassword(requireActor(request), request.params.id, request.id),
  );
}
