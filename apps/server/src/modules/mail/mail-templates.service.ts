import type { MailTemplate, updateMailTemplateBodySchema } from "@certidesk/shared";
import { formatCurrency, hasPermission } from "@certidesk/shared";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { mailTemplates } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest, forbidden } from "../../lib/errors.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { TEMPLATE_VARIABLES } from "./default-templates.js";
import * as repo from "./mail-templates.repository.js";
import { renderTemplate } from "./template-renderer.js";

type UpdateInput = z.output<typeof updateMailTemplateBodySchema>;

export { baseVariables, ensureDefaultTemplates, findTemplate } from "./mail-templates.repository.js";

const toTemplate = (row: typeof mailTemplates.$inferSelect): MailTemplate => ({
  id: row.id,
  code: row.code,
  name: row.name,
  subject: row.subject,
  body: row.body,
  description: row.description,
  variables: TEMPLATE_VARIABLES,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The password-reset mail carries a link that opens any account, the Director's included: rewording it
 * (pointing the link elsewhere, say) is administering accounts, not a setting (docs/permissions.md).
 */
function assertMayEditSecretTemplate(actor: Actor, code: string, body: string) {
  if (code !== "PASSWORD_RESET") return;
  if (!hasPermission(actor.grants, "ADMIN", "update")) {
    throw forbidden(
      "Ce modèle porte les liens de choix du mot de passe : il se modifie avec le droit d'administration des comptes.",
    );
  }
  if (!body.includes("{{link}}")) {
    throw badRequest("Le modèle doit garder la variable {{link}} : c'est le lien que l'utilisateur ouvre.");
  }
}

export function createMailTemplatesService({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  return {
    list: async () => (await repo.listTemplates(db)).map(toTemplate),

    async update(actor: Actor, code: string, input: UpdateInput, requestId?: string) {
      const { version, ...values } = input;
      assertMayEditSecretTemplate(actor, code, values.body);
      const saved = await versionedUpdate({
        db,
        clock,
        table: mailTemplates,
        key: mailTemplates.code,
        id: code,
        version,
        actor,
        requestId,
        entityType: "mail-template",
        notFound: "Modèle d'e-mail introuvable.",
        apply: (_tx, current) => ({
          values,
          summary: `Modèle d'e-mail « ${values.name ?? current.name} » modifié`,
          changes: true,
        }),
      });
      return toTemplate(saved);
    },

    /**
     * Fills a draft with real data: the company, the signed-in user, and a real client (the one
     * chosen, or the most recent). Values no record can give yet are examples, and say so.
     */
    async preview(actor: Actor, input: { subject: string; body: string; clientId: string | null }) {
      const variables = await repo.baseVariables(db, actor.userId);
      const client = await repo.previewClient(db, input.clientId);
      const examples = {
        contact: { firstName: "Marie", lastName: "Lefebvre" },
        auditor: { firstName: "Marc" },
        quote: { number: "D-2026-0042", totalTTC: formatCurrency(9840) },
        contract: { deadline: "15/01/2027" },
        mission: { dates: "12 et 13/01/2027", auditors: "Marc Dubois, Sophie Lefèvre" },
        invoice: { number: "F-2026-0107", totalTTC: formatCurrency(9840), dueDate: "31/01/2027" },
        link: "https://exemple.fr/lien",
      };
      const filled = {
        ...examples,
        ...variables,
        client: client ? { raisonSocial: client.raisonSocial, city: client.city ?? "" } : {},
      };
      return {
        subject: renderTemplate(input.subject, filled),
        body: renderTemplate(input.body, filled),
        sample: client
          ? `Données réelles : ${client.raisonSocial}, ${variables.company && (variables.company as { name: string }).name}. Contact, devis, mission et facture : valeurs d'exemple.`
          : "Aucun client enregistré : seules la société et l'expéditeur sont réels.",
      };
    },
  };
}
export type MailTemplatesService = ReturnType<typeof createMailTemplatesService>;
