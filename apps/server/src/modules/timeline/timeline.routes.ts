import {
  addCommentBodySchema,
  followUpBodySchema,
  idSchema,
  okSchema,
  type PermissionCode,
  timelineQuerySchema,
  timelineSchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { TimelineTarget } from "./timeline.repository.js";
import type { TimelineService } from "./timeline.service.js";

const tags = ["timeline"];

/** timeline-client/{clientId} (right on CLIENT) and timeline-prospect/{requestClientId} (right on PROSPECT). */
export function timelineRoutes(app: AppInstance, { timeline }: { timeline: TimelineService }) {
  const kinds: Array<{ kind: TimelineTarget["kind"]; param: "clientId" | "requestClientId"; code: PermissionCode }> = [
    { kind: "client", param: "clientId", code: "CLIENT" },
    { kind: "prospect", param: "requestClientId", code: "PROSPECT" },
  ];
  for (const { kind, param, code } of kinds) {
    const base = `/api/timeline/${kind}/:${param}`;
    const params = z.object({ [param]: idSchema }) as z.ZodObject<Record<string, typeof idSchema>>;
    const targetOf = (p: Record<string, string>): TimelineTarget => ({ kind, id: p[param] ?? "" });

    app.get(
      base,
      {
        config: { access: { code, op: "read" } },
        schema: {
          tags,
          summary: `Timeline d'un ${kind === "client" ? "client" : "prospect"}, la plus récente d'abord`,
          params,
          querystring: timelineQuerySchema,
          response: { 200: timelineSchema },
        },
      },
      async (request) =>
        timeline.read(requireActor(request), targetOf(request.params), request.query.page, request.query.pageSize),
    );

    app.post(
      `${base}/comments`,
      {
        config: { access: { code, op: "update" } },
        schema: {
          tags,
          summary: "Ajouter un commentaire",
          params,
          body: addCommentBodySchema,
          response: { 200: okSchema },
        },
      },
      async (request) =>
        timeline.addComment(requireActor(request), targetOf(request.params), request.body.text, request.id),
    );

    app.put(
      `${base}/follow-up`,
      {
        config: { access: { code, op: "update" } },
        schema: {
          tags,
          summary: "Prévoir ou lever une relance",
          params,
          body: followUpBodySchema,
          response: { 200: okSchema },
        },
      },
      async (request) =>
        timeline.setFollowUp(requireActor(request), targetOf(request.params), request.body, request.id),
    );
  }
}
