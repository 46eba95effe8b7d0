import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { clients, contacts, mailAttachments, mailOutbox, users } from "../../db/schema/index.js";
import { anyOf } from "../../lib/any-of.js";
import { offsetOf } from "../../lib/pagination.js";
import { foldedSql, matchEveryWord } from "../../lib/search-text.js";

export interface MailListQuery {
  page: number;
  pageSize: number;
  search?: string;
  status?: string;
  clientId?: string;
  templateCode?: string;
  from?: string;
  to?: string;
  sort: "createdAt" | "subject" | "status" | "sentAt";
  direction: "asc" | "desc";
}

const SORTS = {
  createdAt: mailOutbox.createdAt,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  sentAt: mailOutbox.sentAt,
};

const selection = {
  mail: mailOutbox,
  clientName: clients.raisonSocial,
  createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
};

function joined(db: Executor) {
  return db
    .select(selection)
    .from(mailOutbox)
    .leftJoin(clients, eq(clients.id, mailOutbox.clientId))
    .leftJoin(users, eq(users.id, mailOutbox.createdBy));
}
export type MailJoinedRow = Awaited<ReturnType<ReturnType<typeof joined>["execute"]>>[number];

/** Every word in the subject or a recipient (the stored search text), or in the establishment's name. */
function mailSearch(search: string | undefined) {
  return matchEveryWord(search, (pattern) =>
    or(
      sql`${mailOutbox.searchText} like lower(${pattern})`,
      ilike(foldedSql(sql`coalesce(${clients.raisonSocial}, '')`), pattern),
    ),
  );
}

export type MailFilterQuery = Omit<MailListQuery, "page" | "pageSize" | "sort" | "direction">;

/** The list's conditions; the status counts use them without the status. */
function mailFilters(q: MailFilterQuery): SQL | undefined {
  const filters: Array<SQL | undefined> = [isNull(mailOutbox.deletedAt)];
  if (q.status) filters.push(eq(mailOutbox.status, q.status));
  if (q.clientId) filters.push(eq(mailOutbox.clientId, q.clientId));
  if (q.templateCode) filters.push(eq(mailOutbox.templateCode, q.templateCode));
  if (q.from) filters.push(gte(mailOutbox.createdAt, new Date(`${q.from}T00:00:00`)));
  if (q.to) filters.push(lt(mailOutbox.createdAt, sql`${`${q.to}T00:00:00`}::timestamptz + interval '1 day'`));
  filters.push(mailSearch(q.search));
  return and(...filters);
}

/**
 * A page of the outbox: the page's ids first, from mail_outbox alone (joined to the establishment only to
 * search its name; each sort an index walk over the live mails), then the details of those rows.
 */
export async function listMails(db: Executor, q: MailListQuery) {
  const where = mailFilters(q);
  const order = q.direction === "asc" ? asc(SORTS[q.sort]) : desc(SORTS[q.sort]);
  const ids = db.select({ id: mailOutbox.id }).from(mailOutbox).$dynamic();
  const counted = db.select({ n: count() }).from(mailOutbox).$dynamic();
  if (q.search) {
    ids.leftJoin(clients, eq(clients.id, mailOutbox.clientId));
    counted.leftJoin(clients, eq(clients.id, mailOutbox.clientId));
  }
  const [page, [total]] = await Promise.all([
    ids.where(where).orderBy(order, desc(mailOutbox.id)).limit(q.pageSize).offset(offsetOf(q)),
    counted.where(where),
  ]);
  const pageIds = page.map((r) => r.id);
  const details = pageIds.length ? await joined(db).where(anyOf(mailOutbox.id, pageIds)) : [];
  const byId = new Map(details.map((r) => [r.mail.id, r]));
  return { rows: pageIds.flatMap((id) => byId.get(id) ?? []), total: Number(total?.n ?? 0) };
}

/** Mails per status for the same search, dates and client as the list (the status tabs' counts). */
export async function countMailsByStatus(db: Executor, q: Omit<MailFilterQuery, "status">) {
  return db
    .select({ status: mailOutbox.status, n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .leftJoin(clients, eq(clients.id, mailOutbox.clientId))
    .where(mailFilters(q))
    .groupBy(mailOutbox.status);
}

export async function findMail(db: Executor, id: string) {
  const [row] = await joined(db)
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function attachmentsOf(db: Executor, mailIds: string[]) {
  if (mailIds.length === 0) return [];
  return db.select().from(mailAttachments).where(anyOf(mailAttachments.mailId, mailIds));
}

/** Takes due mails for sending; SKIP LOCKED lets several API nodes share the outbox on PostgreSQL. */
export async function claimDueMails(db: Executor, limit: number): Promise<Array<{ id: string }>> {
  const result = await db.execute(sql`
    update ${mailOutbox} set status = 'SENDING', updated_at = now()
    where id in (
      select id from ${mailOutbox}
      where status in ('QUEUED', 'FAILED') and next_attempt_at <= now() and deleted_at is null
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  // node-postgres and PGlite both answer with { rows }.
  return (result as unknown as { rows: Array<{ id: string }> }).rows;
}

/** A mail left "sending" by a process that died goes back to the queue. */
export async function releaseStaleSending(db: Executor, olderThanMs: number) {
  await db
    .update(mailOutbox)
    .set({ status: "FAILED", lastError: "Envoi interrompu ; nouvel essai." })
    .where(and(eq(mailOutbox.status, "SENDING"), lt(mailOutbox.updatedAt, new Date(Date.now() - olderThanMs))));
}

/** A failed or waiting mail goes back to the queue, due now. */
export async function requeue(tx: Executor, id: string, now: Date) {
  await tx
    .update(mailOutbox)
    .set({ status: "QUEUED", nextAttemptAt: now, updatedAt: now })
    .where(eq(mailOutbox.id, id));
}

/** A sent mail copied into a new queued one, with its attachments. */
export async function copyMail(tx: Executor, mail: typeof mailOutbox.$inferSelect, userId: string, now: Date) {
  const [copy] = await tx
    .insert(mailOutbox)
    .values({
      ...mail,
      id: undefined,
      status: "QUEUED",
      attempts: 0,
      nextAttemptAt: now,
      sentAt: null,
      lastError: null,
      messageId: null,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!copy) throw new Error("mail not copied");
  const attachments = await tx.select().from(mailAttachments).where(eq(mailAttachments.mailId, mail.id));
  if (attachments.length)
    await tx
      .insert(mailAttachments)
      .values(attachments.map((a) => ({ mailId: copy.id, documentId: a.documentId, fileName: a.fileName })));
  return copy;
}

export async function markDeleted(tx: Executor, id: string, now: Date) {
  await tx
    .update(mailOutbox)
    .set({ deletedAt: now })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.deletedAt)));
}

/**
 * Establishments a mail may be about, with their contacts' addresses (the establishment's own and its
 * legal entity's): every word of the search in the name, city, postal code, FINESS or a contact.
 */
export async function recipientOptions(db: Executor, search: string | undefined, limit = 20) {
  const contactMatches = (pattern: string) =>
    sql`exists (select 1 from ${contacts} ct where (ct.client_id = ${clients.id} or ct.legal_entity_id = ${clients.legalEntityId})
      and (${ilike(foldedSql(sql`ct.first_name || ' ' || ct.last_name`), pattern)} or ${ilike(sql`coalesce(ct.email, '')`, pattern)}))`;
  const rows = await db
    .select({
      clientId: clients.id,
      raisonSocial: clients.raisonSocial,
      city: clients.city,
      legalEntityId: clients.legalEntityId,
      isClient: sql<boolean>`${clients.clientSince} is not null`,
    })
    .from(clients)
    .where(
      matchEveryWord(search, (pattern) =>
        or(
          ilike(foldedSql(clients.raisonSocial), pattern),
          ilike(foldedSql(sql`coalesce(${clients.city}, '')`), pattern),
          ilike(sql`coalesce(${clients.postalCode}, '')`, pattern),
          ilike(sql`coalesce(${clients.finess}, '')`, pattern),
          contactMatches(pattern),
        ),
      ),
    )
    .orderBy(asc(clients.raisonSocial), asc(clients.id))
    .limit(limit);
  const entityIds = [...new Set(rows.flatMap((r) => (r.legalEntityId ? [r.legalEntityId] : [])))];
  const people = rows.length
    ? await db
        .select()
        .from(contacts)
        .where(
          and(
            sql`${contacts.email} is not null and ${contacts.email} <> ''`,
            or(
              inArray(
                contacts.clientId,
                rows.map((r) => r.clientId),
              ),
              entityIds.length ? inArray(contacts.legalEntityId, entityIds) : undefined,
            ),
          ),
        )
        .orderBy(desc(contacts.isMain), asc(contacts.lastName))
    : [];
  return rows.map((r) => ({
    clientId: r.clientId,
    raisonSocial: r.raisonSocial,
    city: r.city,
    isClient: Boolean(r.isClient),
    contacts: people
      .filter((p) => p.clientId === r.clientId || (p.clientId === null && p.legalEntityId === r.legalEntityId))
      .map((p) => ({ name: `${p.firstName} ${p.lastName}`, email: p.email as string, isMain: p.isMain })),
  }));
}
