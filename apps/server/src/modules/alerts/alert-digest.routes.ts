import {
  alertDigestPreferenceBodySchema,
  alertDigestPreferenceSchema,
  alertDigestSettingsBodySchema,
  alertDigestSettingsSchema,
} from "@certidesk/shared";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { AlertDigestService } from "./alert-digest.service.js";

const tags = ["alertes"];

/**
 * The daily digest of alerts: each staff user's own opt-in (any signed-in staff user, for
 * themselves: 403 for evaluators and client users), and its hour in Settings › Alertes.
 */
export function alertDigestRoutes(app: AppInstance, { digest }: { digest: AlertDigestService }) {
  app.get(
    "/api/alerts/digest/preference",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary:
          "Mon résumé quotidien des alertes : reçu ou non (alertDigest), et l'heure d'envoi (hour, heure de Paris)",
        response: { 200: alertDigestPreferenceSchema },
      },
    },
    async (request) => digest.preference(requireActor(request)),
  );
  app.put(
    "/api/alerts/digest/preference",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary:
          "Recevoir ou non chaque jour le résumé de mes alertes (alertDigest: true / false) : un e-mail listant mes nouvelles alertes, aucun s'il n'y a rien de nouveau",
        body: alertDigestPreferenceBodySchema,
        response: { 200: alertDigestPreferenceSchema },
      },
    },
    async (request) => digest.setPreference(requireActor(request), request.body.alertDigest, request.id),
  );
  app.get(
    "/api/alerts/digest/settings",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: {
        tags,
        summary: "Paramètres › Alertes : l'heure d'envoi du résumé quotidien (heure de Paris, 7 h par défaut)",
        response: { 200: alertDigestSettingsSchema },
      },
    },
    async (request) => digest.settings(requireActor(request)),
  );
  app.put(
    "/api/alerts/digest/settings",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Paramètres › Alertes : changer l'heure d'envoi du résumé quotidien (0 à 23, avec la version lue)",
        body: alertDigestSettingsBodySchema,
        response: { 200: alertDigestSettingsSchema },
      },
    },
    async (request) => digest.updateSettings(requireActor(request), request.body, request.id),
  );
}
