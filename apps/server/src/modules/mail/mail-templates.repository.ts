import { formatPhone } from "@certidesk/shared";
import { asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { clients, configuration, mailTemplates, users } from "../../db/schema/index.js";
import { DEFAULT_TEMPLATES } from "./default-templates.js";
import type { TemplateVariables } from "./template-renderer.js";

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

export const listTemplates = (db: Executor) => db.select().from(mailTemplates).orderBy(asc(mailTemplates.name));

/** The client a preview is filled with: the one chosen, or the most recent. */
export async function previewClient(db: Executor, clientId: string | null) {
  const [client] = clientId
    ? await db.select().from(clients).where(eq(clients.id, clientId))
    : await db.select().from(clients).orderBy(sql`${clients.createdAt} desc`).limit(1);
  return client;
}
