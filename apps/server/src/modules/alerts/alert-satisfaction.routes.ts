import { alertIdBodySchema, okSchema } from "@certidesk/shared";
import type { AppInstance } from "../../app-instance.js";
import type { Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { requireActor } from "../../plugins/auth.js";
import type { AlertActionsService, LoadedAlert } from "./alert-actions.service.js";
import { rulesFor } from "./registry.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The quality service's sending (modules/expenses), with a step run inside its transaction. */
export type SendSatisfactionToAuditor = (
  actor: Actor,
  missionId: string,
  requestId: string | undefined,
  within: (tx: Executor) => Promise<void>,
) => Promise<unknown>;

export interface AlertSatisfactionDeps {
  actions: AlertActionsService;
  sendSatisfactionToAuditor: SendSatisfactionToAuditor;
}

/**
 * `POST /api/alerts/sendSatisfactionToAuditor` `{ id }`: the row action of the alerts whose rule says
 * `sendSatisfaction` (the satisfaction answered and not yet sent). The quality service sends the
 * answers once (409 afterwards) and, in its transaction, the alert records SATISFACTION_SENT.
 */
export function alertSatisfactionRoutes(app: AppInstance, deps: AlertSatisfactionDeps) {
  app.post(
    "/api/alerts/sendSatisfactionToAuditor",
    {
      config: { access: "authenticated" },
      schema: {
        tags: ["alertes"],
        summary:
          "Envoyer aux évaluateurs les réponses au questionnaire de satisfaction de la mission de l'alerte (une seule fois : 409 ensuite)",
        body: alertIdBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { id } = request.body;
      const cut = id.indexOf(":");
      const code = id.slice(0, cut);
      const missionId = id.slice(cut + 1);
      const rule = rulesFor(actor).find((r) => r.code === code && r.sendSatisfaction);
      if (cut < 1 || !rule || !UUID.test(missionId)) throw notFound("Cette alerte n'existe pas.");
      // Once sent, the alert has left its list: the quality service then answers 409 (already sent).
      const alert: LoadedAlert = await deps.actions.load(actor, id).catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 404)
          return { key: id, rule, recordId: missionId, dueDate: null };
        throw error;
      });
      await deps.sendSatisfactionToAuditor(actor, missionId, request.id, (tx) =>
        deps.actions.record(tx, actor, alert, "SATISFACTION_SENT"),
      );
      return { ok: true as const };
    },
  );
}
