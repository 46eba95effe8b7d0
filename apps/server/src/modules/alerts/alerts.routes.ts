import {
  ALERT_PAGES,
  alertBulkBodySchema,
  alertBulkPostponeBodySchema,
  alertCommentBodySchema,
  alertCountSchema,
  alertHistorySchema,
  alertIdBodySchema,
  alertListQuerySchema,
  alertListSchema,
  alertSettingSchema,
  alertSettingsSchema,
  alertSummarySchema,
  bulkResultSchema,
  okSchema,
  saveAlertDateBodySchema,
  updateAlertDemandesBodySchema,
  updateAlertSettingBodySchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { runBulk } from "../../lib/bulk.js";
import { requireActor } from "../../plugins/auth.js";
import type { AlertActionsService } from "./alert-actions.service.js";
import type { AlertSettingsService } from "./alert-settings.service.js";
import type { AlertsReader } from "./alerts.service.js";

const tags = ["alertes"];
// The alert pages are every staff profile's landing page (spec: "alert — always allowed"): the
// routes only need a session; each rule then shows its rows only to those who may open its screen.
const access = "authenticated" as const;
const countQuerySchema = alertListQuerySchema.pick({ search: true, alertType: true });
const historyQuerySchema = z.object({ id: z.string().min(3).max(200) });

export interface AlertsRoutesDeps {
  reader: AlertsReader;
  actions: AlertActionsService;
  settings: AlertSettingsService;
}

export function alertsRoutes(app: AppInstance, { reader, actions, settings }: AlertsRoutesDeps) {
  for (const page of ALERT_PAGES) {
    app.get(
      `/api/alerts/getAlert${page.apiName}`,
      {
        config: { access },
        schema: {
          tags,
          summary: `Alertes de la page ${page.label} (recherche, tri par échéance, pagination)`,
          querystring: alertListQuerySchema,
          response: { 200: alertListSchema },
        },
      },
      async (request) => reader.list(requireActor(request), page.code, request.query),
    );
    app.get(
      `/api/alerts/getAlert${page.apiName}Count`,
      {
        config: { access },
        schema: {
          tags,
          summary: `Nombre d'alertes de la page ${page.label} (le total de sa liste)`,
          querystring: countQuerySchema,
          response: { 200: alertCountSchema },
        },
      },
      async (request) => ({ count: await reader.count(requireActor(request), page.code, request.query) }),
    );
  }

  app.get(
    "/api/alerts/countAlertDemandes",
    {
      config: { access },
      schema: { tags, summary: "Nombre d'alertes de la page Demandes", response: { 200: alertCountSchema } },
    },
    async (request) => ({ count: await reader.count(requireActor(request), "ALERT_DEMAND") }),
  );

  app.get(
    "/api/alerts/summary",
    {
      config: { access },
      schema: {
        tags,
        summary: "Les pages d'alertes que l'utilisateur peut voir, avec leur nombre (onglets de l'accueil)",
        response: { 200: alertSummarySchema },
      },
    },
    async (request) => reader.summary(requireActor(request)),
  );

  app.get(
    "/api/alerts/history",
    {
      config: { access },
      schema: {
        tags,
        summary: "Historique d'une alerte : ce que les utilisateurs en ont fait",
        querystring: historyQuerySchema,
        response: { 200: alertHistorySchema },
      },
    },
    async (request) => actions.history(requireActor(request), request.query.id),
  );

  const post = <B extends z.ZodType>(
    name: string,
    summary: string,
    body: B,
    run: (actorBody: { actor: ReturnType<typeof requireActor>; body: z.infer<B> }) => Promise<{ ok: true }>,
  ) =>
    app.post(
      `/api/alerts/${name}`,
      { config: { access }, schema: { tags, summary, body, response: { 200: okSchema } } },
      async (request) => run({ actor: requireActor(request), body: request.body as z.infer<B> }),
    );

  post("removeAlertById", "Supprimer une alerte (elle quitte sa liste)", alertIdBodySchema, ({ actor, body }) =>
    actions.remove(actor, body.id),
  );
  post(
    "saveAlertDate",
    "Reporter une alerte : elle quitte sa liste jusqu'à la date donnée",
    saveAlertDateBodySchema,
    ({ actor, body }) => actions.postpone(actor, body.id, body.date),
  );
  post(
    "updateAlertDemandes",
    "Traiter une alerte de la page Demandes et/ou la commenter",
    updateAlertDemandesBodySchema,
    ({ actor, body }) => actions.updateDemandes(actor, body),
  );
  post("archiveAlertPerformance", "Archiver une alerte de la page Performances", alertIdBodySchema, ({ actor, body }) =>
    actions.archivePerformance(actor, body.id),
  );
  post("archiveAlertLinkinterest", "Archiver une alerte de la page Liens", alertIdBodySchema, ({ actor, body }) =>
    actions.archiveLinkInterest(actor, body.id),
  );
  post(
    "remove-alert-supervision",
    "Confirmer une alerte supprimable (CONFIRM) : elle quitte sa liste",
    alertIdBodySchema,
    ({ actor, body }) => actions.confirm(actor, body.id),
  );
  post("comment", "Commenter une alerte (COMMENT)", alertCommentBodySchema, ({ actor, body }) =>
    actions.comment(actor, body.id, body.text),
  );
  // Bulk: each alert through its single action (its checks, its journal entry); a refusal is reported.
  const bulk = (ids: string[], act: (id: string) => Promise<unknown>) =>
    runBulk({ rows: ids.map((id) => ({ id, version: 0, label: id })), missing: [] }, (row) => act(row.id), app.log);
  app.post(
    "/api/alerts/bulk/remove",
    {
      config: { access },
      schema: {
        tags,
        summary: "Supprimer les alertes choisies",
        body: alertBulkBodySchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => bulk(request.body.ids, (id) => actions.remove(requireActor(request), id)),
  );
  app.post(
    "/api/alerts/bulk/postpone",
    {
      config: { access },
      schema: {
        tags,
        summary: "Reporter les alertes choisies à une date",
        body: alertBulkPostponeBodySchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => bulk(request.body.ids, (id) => actions.postpone(requireActor(request), id, request.body.date)),
  );
  // sendSatisfactionToAuditor: registered by the performance rules (branch alerts-rules2) with
  // actions.load + actions.record(…, "SATISFACTION_SENT") around the quality service's sending.

  app.get(
    "/api/alerts/settings",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: {
        tags,
        summary: "Paramètres › Alertes : le seuil en jours de chaque alerte qui en a un",
        response: { 200: alertSettingsSchema },
      },
    },
    async () => settings.list(),
  );
  app.put(
    "/api/alerts/settings",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Modifier le seuil d'une alerte (version lue : 0 pour la valeur par défaut ; 409 si périmée)",
        body: updateAlertSettingBodySchema,
        response: { 200: alertSettingSchema },
      },
    },
    async (request) => settings.update(requireActor(request), request.body),
  );
}
