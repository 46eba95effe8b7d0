import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { ClientsService } from "./clients.service.js";

const clientSchema = z.object({
  id: z.string(),
  raisonSocial: z.string(),
  siret: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export function clientsRoutes(app: AppInstance, { clients }: { clients: ClientsService }) {
  app.get(
    "/api/client/get-client-user",
    {
      config: { access: { code: "CLIENT", op: "read" } },
      schema: { tags: ["clients"], summary: "Le client de l'utilisateur connecté", response: { 200: clientSchema } },
    },
    async (request) => clients.clientOfUser(requireActor(request)),
  );
}
