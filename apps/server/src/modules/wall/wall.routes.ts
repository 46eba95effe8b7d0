import {
  idParamsSchema,
  okSchema,
  savedResultSchema,
  wallCommentBodySchema,
  wallCommentUpdateSchema,
  wallDeleteQuerySchema,
  wallListQuerySchema,
  wallPageSchema,
  wallPostBodySchema,
  wallPostUpdateSchema,
  wallUnreadSchema,
} from "@certidesk/shared";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { WallService } from "./wall.service.js";

const tags = ["wall"];

/**
 * The wall (`wall`, WALL). Reading routes are open to every session and filtered by the policy: a
 * user reads the posts addressed to them (evaluators included, without WALL); writes need WALL, and
 * editing or deleting also lets an author act on their own (docs/permissions.md, "Mur").
 */
export function wallRoutes(app: AppInstance, { wall }: { wall: WallService }) {
  app.get(
    "/api/wall/posts",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Publications adressées à l'utilisateur, épinglées d'abord puis les plus récentes",
        querystring: wallListQuerySchema,
        response: { 200: wallPageSchema },
      },
    },
    async (request) => wall.list(requireActor(request), request.query),
  );

  app.get(
    "/api/wall/unread-count",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Nombre de publications adressées à l'utilisateur et pas encore lues",
        response: { 200: wallUnreadSchema },
      },
    },
    async (request) => wall.unreadCount(requireActor(request)),
  );

  app.post(
    "/api/wall/posts",
    {
      config: { access: { code: "WALL", op: "create" } },
      schema: {
        tags,
        summary: "Publier (épingler demande WALL modification)",
        body: wallPostBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => wall.create(requireActor(request), request.body, request.id),
  );

  app.put(
    "/api/wall/posts/:id",
    {
      config: { access: { code: "WALL", op: "any" } },
      schema: {
        tags,
        summary: "Modifier une publication (son auteur, ou WALL modification)",
        params: idParamsSchema,
        body: wallPostUpdateSchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => wall.update(requireActor(request), request.params.id, request.body, request.id),
  );

  app.delete(
    "/api/wall/posts/:id",
    {
      config: { access: { code: "WALL", op: "any" } },
      schema: {
        tags,
        summary: "Supprimer une publication (son auteur, ou WALL suppression), avec ses commentaires",
        params: idParamsSchema,
        querystring: wallDeleteQuerySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => wall.remove(requireActor(request), request.params.id, request.query.version, request.id),
  );

  app.post(
    "/api/wall/posts/:id/read",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Marquer une publication comme lue (« Lu par »)",
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => wall.markRead(requireActor(request), request.params.id),
  );

  app.post(
    "/api/wall/posts/:id/comments",
    {
      config: { access: { code: "WALL", op: "create" } },
      schema: {
        tags,
        summary: "Commenter une publication",
        params: idParamsSchema,
        body: wallCommentBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => wall.addComment(requireActor(request), request.params.id, request.body.text, request.id),
  );

  app.put(
    "/api/wall/comments/:id",
    {
      config: { access: { code: "WALL", op: "any" } },
      schema: {
        tags,
        summary: "Modifier un commentaire (son auteur, ou WALL modification)",
        params: idParamsSchema,
        body: wallCommentUpdateSchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => wall.updateComment(requireActor(request), request.params.id, request.body, request.id),
  );

  app.delete(
    "/api/wall/comments/:id",
    {
      config: { access: { code: "WALL", op: "any" } },
      schema: {
        tags,
        summary: "Supprimer un commentaire (son auteur, ou WALL suppression)",
        params: idParamsSchema,
        querystring: wallDeleteQuerySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => wall.removeComment(requireActor(request), request.params.id, request.query.version, request.id),
  );
}
