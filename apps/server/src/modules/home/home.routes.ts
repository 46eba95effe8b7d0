import { workItemSchema } from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { HomeService } from "./home.service.js";

export function homeRoutes(app: AppInstance, { home }: { home: HomeService }) {
  app.get(
    "/api/home/work-items",
    {
      config: { access: "authenticated" },
      schema: {
        tags: ["accueil"],
        summary: "Ce qui attend l'utilisateur (page d'accueil)",
        response: { 200: z.array(workItemSchema) },
      },
    },
    async (request) => home.workItems(requireActor(request)),
  );
}
