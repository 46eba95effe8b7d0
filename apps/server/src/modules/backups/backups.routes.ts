import fs from "node:fs";
import { backupOverviewSchema, backupSettingsBodySchema } from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { BackupsService } from "./backups.service.js";

const tags = ["sauvegardes"];

/** Settings › Sauvegardes: the archives of DATA_DIR/backups and the daily backup's hour (Direction only). */
export function backupsRoutes(app: AppInstance, { backups }: { backups: BackupsService }) {
  app.get(
    "/api/backups",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: {
        tags,
        summary:
          "Paramètres › Sauvegardes : les sauvegardes gardées (les plus récentes d'abord), l'heure de la sauvegarde quotidienne, le nombre gardé et la dernière tentative (Direction seulement)",
        response: { 200: backupOverviewSchema },
      },
    },
    async (request) => backups.overview(requireActor(request)),
  );
  app.put(
    "/api/backups/settings",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary:
          "Paramètres › Sauvegardes : l'heure (0 à 23, heure de Paris) et le nombre de sauvegardes gardées (1 à 60)",
        body: backupSettingsBodySchema,
        response: { 200: backupOverviewSchema },
      },
    },
    async (request) => backups.updateSettings(requireActor(request), request.body, request.id),
  );
  app.get(
    "/api/backups/download/:name",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: {
        tags,
        summary: "Télécharge une sauvegarde (archive .tar.gz : la base et les fichiers des documents)",
        params: z.object({ name: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const file = await backups.download(requireActor(request), request.params.name, request.id);
      return reply
        .header("content-type", file.name.endsWith(".sql") ? "application/sql" : "application/gzip")
        .header("content-disposition", `attachment; filename="${file.name}"`)
        .send(fs.createReadStream(file.path));
    },
  );
}
