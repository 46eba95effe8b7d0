import type { MailTemplate, updateMailTemplateBodySchema } from "@certidesk/shared";
import { formatCurrency, formatPhone } from "@certidesk/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { clients, configuration, mailTemplates, users } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { diffFields, writeAudit } from "../../lib/audit.js";
import { notFound, staleVersion } from "../../lib/errors.js";
import { DEFAULT_TEMPLATES, TEMPLATE_VARIABLES } from "./default-templates.js";
import { renderTemplate, type TemplateVariables } from "./template-renderer.js";

type UpdateInput = z.output<typeof updateMailTemplateBodySchema>;

/** Writes the default templates that do not exist yet (first start, new templates in a release). */
export async function ensureDefaultTemplates(db: Executor) {
  for (const t of DEFAULT_TEMPLATES) {
    await db.insert(mailTemplates).values(t).onConflictDoNothing();
  }
}

/** Variables every mail gets: the company and the sender. */
export async function baseVariables(db: Executor, userId: string | null): Promise<TemplateVariables> {
  const [company] = await db.select().from(configuration).limit(1);
  const [user] = userId ? await db.select().from(users).where(eq(users.id, userId)) : [];
  return {
    company: {
      name: company?.companyName ?? "",
      phone: company?.phone ? formatPhone(company.phone) : "",
      email: company?.email ?? "",
    },
    user: { firstName: user?.firstName ?? "", lastName: user?.lastName ?? "", email: user?.email ?? "" },
  };
}

export async function findTemplate(db: Executor, code: string) {
  const [row] = await db.select().from(mailTemplates).where(eq(mailTemplates.code, code)).limit(1);
  return row ?? null;
}

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

export function createMailTemplatesService({ db }: { db: Database }) {
  return {
    list: async () => (await db.select().from(mailTemplates).orderBy(asc(mailTemplates.name))).map(toTemplate),

    async update(actor: Actor, code: string, input: UpdateInput, requestId?: string) {
      return db.transaction(async (tx) => {
        const current = await findTemplate(tx, code);
        if (!current) throw notFound("Modèle d'e-mail introuvable.");
        const { version, ...values } = input;
        const [saved] = await tx
          .update(mailTemplates)
          .set({ ...values, version: sql`${mailTemplates.version} + 1`, updatedAt: new Date() })
          .where(and(eq(mailTemplates.code, code), eq(mailTemplates.version, version)))
          .returning();
        if (!saved) throw staleVersion();
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "mail-template",
            entityId: code,
            summary: `Modèle d'e-mail « ${saved.name} » modifié`,
            changes: diffFields(current, values),
          },
          requestId,
        );
        return toTemplate(saved);
      });
    },

    /**
     * Fills a draft with real data: the company, the signed-in user, and a real client (the one
     * chosen, or the most recent). Values no record can give yet are examples, and say so.
     */
    async preview(actor: Actor, input: { subject: string; body: string; clientId: string | null }) {
      const variables = await baseVariables(db, actor.userId);
      const [client] = input.clientId
        ? await db.select().from(clients).where(eq(clients.id, input.clientId))
        : await db.select().from(clients).orderBy(sql`${clients.createdAt} desc`).limit(1);
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
