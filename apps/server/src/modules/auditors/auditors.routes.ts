import { idParamsSchema } from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { AuditorsService } from "./auditors.service.js";

const auditorSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
});

export function auditorsRoutes(app: AppInstance, { auditors }: { auditors: AuditorsService }) {
  app.get(
    "/api/auditors/:id",
    {
      config: { access: { code: "MISSION", op: "read" } },
      schema: {
        tags: ["évaluateurs"],
        summary: "Fiche d'un évaluateur",
        params: idParamsSchema,
        response: { 200: auditorSchema },
      },
    },
    async (request) => auditors.get(requireActor(request), request.params.id),
  );
}
