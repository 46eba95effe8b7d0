import { type ProspectSortKey, RECEVABILITY_CHECKLIST } from "@certidesk/shared";
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  clients,
  contacts,
  contracts,
  documents,
  gestionnaires,
  legalEntities,
  quotes,
  recevabilityDocuments,
  recevabilityReviews,
  requestClients,
  requestEstablishments,
  requestTabCounts,
} from "../../db/schema/index.js";
import { anyOf } from "../../lib/any-of.js";
import { offsetOf } from "../../lib/pagination.js";
import { foldedSql, matchEveryWord, matchEveryWordIn } from "../../lib/search-text.js";

export type ProspectListKind = "all" | "EnCours" | "REFUSE" | "ARCHIVE";
export interface ProspectQuery {
  search?: string;
  page: number;
  pageSize: number;
  sortKey: ProspectSortKey;
  direction: "asc" | "desc";
}

/**
 * The list's sort keys, all on request_clients: the name, first establishment and contact are derived columns
 * kept by triggers (migration `lists_at_scale`), the same values the list computed per row before. Each has
 * an index in the list's order, ties by reference descending.
 */
const SORTS: Record<ProspectSortKey, SQL | unknown> = {
  reference: requestClients.reference,
  raisonSocial: sql`lower(${foldedSql(requestClients.displayName)})`,
  postalCode: requestClients.firstPostalCode,
  contactName: sql`lower(${foldedSql(requestClients.contactName)})`,
  service: requestClients.service,
  status: requestClients.status,
  dateRelance: requestClients.dateRelance,
  createdAt: requestClients.receivedAt,
};
/** Keys never null: no NULLS LAST (the same order), so that the index's order is the list's. */
const NULLABLE_SORTS = new Set<ProspectSortKey>(["postalCode", "dateRelance"]);

/** The tabs (request_clients.list_tab) of each list: "all" is the open and the refused requests. */
const TABS: Record<ProspectListKind, string[]> = {
  EnCours: ["OPEN"],
  REFUSE: ["REFUSE"],
  ARCHIVE: ["ARCHIVE"],
  all: ["OPEN", "REFUSE"],
};

const joined = (db: Executor) =>
  db
    .select({
      request: requestClients,
      displayName: requestClients.displayName,
      legalEntityRaisonSocial: legalEntities.raisonSocial,
      gestionnaireRaisonSocial: gestionnaires.raisonSocial,
      postalCode: requestClients.firstPostalCode,
      city: requestClients.firstCity,
      establishmentCount: requestClients.establishmentCount,
      contact: {
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        tel: contacts.tel,
        email: contacts.email,
        occupation: contacts.occupation,
        mobilePhone: contacts.mobilePhone,
      },
    })
    .from(requestClients)
    .innerJoin(legalEntities, eq(legalEntities.id, requestClients.legalEntityId))
    .leftJoin(gestionnaires, eq(gestionnaires.id, legalEntities.gestionnaireId))
    .leftJoin(contacts, eq(contacts.id, requestClients.contactId));

/**
 * A page of prospects: the page's ids first, from request_clients alone (every sort key, the tab and the
 * search are its columns), and the count from it alone; then the details of those rows. A tab's page is a walk
 * of the index (list_tab, sort key, reference); "all" merges the walks of its two tabs.
 */
export async function listProspects(db: Executor, kind: ProspectListKind, q: ProspectQuery) {
  const tabs = TABS[kind];
  const search = matchEveryWordIn(requestClients.searchText, q.search);
  const direction = q.direction === "desc" ? sql`desc` : sql`asc`;
  const nulls = NULLABLE_SORTS.has(q.sortKey) ? sql` nulls last` : sql``;
  const order = (key: unknown) => sql`${key} ${direction}${nulls}, reference desc`;
  const inTab = (tab: string) =>
    sql`select id, reference, ${SORTS[q.sortKey]} as k from ${requestClients} where list_tab = ${tab}${search ? sql` and ${search}` : sql``}`;
  // Each tab's first offset + pageSize rows in the list's order, then the page among them.
  const ids = sql`select id from (${sql.join(
    tabs.map((tab) => sql`(${inTab(tab)} order by ${order(SORTS[q.sortKey])} limit ${offsetOf(q) + q.pageSize})`),
    sql` union all `,
  )}) page order by ${order(sql`k`)} limit ${q.pageSize} offset ${offsetOf(q)}`;
  const [page, [total]] = await Promise.all([
    db.execute(ids) as unknown as Promise<{ rows: Array<{ id: string }> }>,
    // Without a search, the tabs' counts kept by triggers (migration `lists_at_scale`), not 20,000 rows counted.
    search
      ? db
          .select({ n: count() })
          .from(requestClients)
          .where(and(inArray(requestClients.listTab, tabs), search))
      : db
          .select({ n: sql<string | null>`sum(${requestTabCounts.n})` })
          .from(requestTabCounts)
          .where(inArray(requestTabCounts.listTab, tabs)),
  ]);
  const pageIds = page.rows.map((r) => r.id);
  const details = pageIds.length ? await joined(db).where(anyOf(requestClients.id, pageIds)) : [];
  const byId = new Map(details.map((r) => [r.request.id, r]));
  const rows = pageIds.flatMap((id) => byId.get(id) ?? []);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findProspect(db: Executor, id: string) {
  const [row] = await joined(db).where(eq(requestClients.id, id));
  return row ?? null;
}
export type ProspectJoinedRow = NonNullable<Awaited<ReturnType<typeof findProspect>>>;

/** What a page of rows needs beside the main query: establishments, latest quote, current contract. */
export async function rowExtras(db: Executor, requestIds: string[]) {
  if (requestIds.length === 0) return { establishments: [], quotes: [], contracts: [] };
  const [establishments, quoteRows, contractRows] = await Promise.all([
    db
      .select({
        requestId: requestEstablishments.requestId,
        id: clients.id,
        raisonSocial: clients.raisonSocial,
        finess: clients.finess,
        address: clients.address,
        postalCode: clients.postalCode,
        city: clients.city,
        category: clients.category,
        clientSince: clients.clientSince,
      })
      .from(requestEstablishments)
      .innerJoin(clients, eq(clients.id, requestEstablishments.clientId))
      .where(anyOf(requestEstablishments.requestId, requestIds))
      .orderBy(clients.raisonSocial),
    // The columns a row and the detail show, not the whole quote (24 columns decoded for each).
    db
      .select({
        id: quotes.id,
        requestId: quotes.requestId,
        number: quotes.number,
        revision: quotes.revision,
        status: quotes.status,
        totalTTC: quotes.totalTTC,
        createdAt: quotes.createdAt,
        sentAt: quotes.sentAt,
      })
      .from(quotes)
      .where(anyOf(quotes.requestId, requestIds))
      .orderBy(desc(quotes.createdAt), desc(quotes.revision)),
    db
      .select({ id: contracts.id, requestId: contracts.requestId, number: contracts.number, status: contracts.status })
      .from(contracts)
      .where(and(anyOf(contracts.requestId, requestIds), ne(contracts.status, "CANCELLED")))
      .orderBy(desc(contracts.createdAt)),
  ]);
  return { establishments, quotes: quoteRows, contracts: contractRows };
}
export type RowExtras = Awaited<ReturnType<typeof rowExtras>>;

export async function legalEntityExists(db: Executor, id: string) {
  const [entity] = await db.select({ id: legalEntities.id }).from(legalEntities).where(eq(legalEntities.id, id));
  return !!entity;
}

export async function findLegalEntity(db: Executor, id: string) {
  const [entity] = await db.select().from(legalEntities).where(eq(legalEntities.id, id));
  return entity;
}

/** How many of the establishments belong to the legal entity. */
export async function countEstablishmentsOf(db: Executor, legalEntityId: string, clientIds: string[]) {
  const found = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(inArray(clients.id, clientIds), eq(clients.legalEntityId, legalEntityId)));
  return found.length;
}

/** Whether the contact belongs to one of the establishments or to the legal entity. */
export async function contactBelongs(db: Executor, contactId: string, legalEntityId: string, clientIds: string[]) {
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.id, contactId),
        or(inArray(contacts.clientId, clientIds), eq(contacts.legalEntityId, legalEntityId)),
      ),
    );
  return !!contact;
}

/** The contacts of a request: its legal entity's and its establishments'. */
export const contactsOfRequest = (db: Executor, legalEntityId: string, clientIds: string[]) =>
  db
    .select()
    .from(contacts)
    .where(
      or(
        eq(contacts.legalEntityId, legalEntityId),
        clientIds.length ? inArray(contacts.clientId, clientIds) : undefined,
      ),
    )
    .orderBy(asc(contacts.lastName));

/** A certification request's recevability review, with the checklist unticked (kept if it exists). */
export async function ensureReview(tx: Executor, requestId: string) {
  await tx
    .insert(recevabilityReviews)
    .values({ requestId, checklist: RECEVABILITY_CHECKLIST.map((i) => ({ ...i, checked: false })) })
    .onConflictDoNothing();
}

export async function setStatusWithoutVersion(tx: Executor, requestId: string, status: string) {
  await tx.update(requestClients).set({ status }).where(eq(requestClients.id, requestId));
}

export async function replaceEstablishments(tx: Executor, requestId: string, clientIds: string[]) {
  await tx.delete(requestEstablishments).where(eq(requestEstablishments.requestId, requestId));
  await tx.insert(requestEstablishments).values(clientIds.map((clientId) => ({ requestId, clientId })));
}

/** Establishments to open a request on: every search word matches; no search lists the prospects. */
export const establishmentOptionRows = (db: Executor, search: string | undefined) =>
  db
    .select({
      id: clients.id,
      raisonSocial: clients.raisonSocial,
      finess: clients.finess,
      city: clients.city,
      legalEntityId: clients.legalEntityId,
      legalEntityRaisonSocial: legalEntities.raisonSocial,
      clientSince: clients.clientSince,
    })
    .from(clients)
    .leftJoin(legalEntities, eq(legalEntities.id, clients.legalEntityId))
    .where(
      matchEveryWord(search, (pattern) =>
        or(
          ilike(foldedSql(clients.raisonSocial), pattern),
          ilike(foldedSql(sql`coalesce(${legalEntities.raisonSocial}, '')`), pattern),
          ilike(sql`coalesce(${clients.finess}, '')`, pattern),
        ),
      ) ?? isNull(clients.clientSince),
    )
    .orderBy(asc(clients.raisonSocial))
    .limit(50);

export async function findRequestRow(db: Executor, id: string) {
  const [request] = await db.select().from(requestClients).where(eq(requestClients.id, id));
  return request;
}

export async function findReview(db: Executor, requestId: string) {
  const [review] = await db.select().from(recevabilityReviews).where(eq(recevabilityReviews.requestId, requestId));
  return review;
}

export const reviewFiles = (db: Executor, requestId: string) =>
  db
    .select({ id: documents.id, name: documents.name })
    .from(recevabilityDocuments)
    .innerJoin(documents, eq(documents.id, recevabilityDocuments.documentId))
    .where(eq(recevabilityDocuments.requestId, requestId))
    .orderBy(asc(documents.createdAt));

/** The first establishment of a request (its documents are kept with that client). */
export async function firstEstablishmentOf(db: Executor, requestId: string) {
  const [first] = await db
    .select({ id: clients.id })
    .from(requestEstablishments)
    .innerJoin(clients, eq(clients.id, requestEstablishments.clientId))
    .where(eq(requestEstablishments.requestId, requestId))
    .orderBy(asc(clients.raisonSocial))
    .limit(1);
  return first;
}

export async function linkRecevabilityDocument(tx: Executor, requestId: string, documentId: string) {
  await tx.insert(recevabilityDocuments).values({ requestId, documentId });
}

/** The request's step after its recevability decision (inside the decision's transaction). */
export async function setRequestStep(
  tx: Executor,
  requestId: string,
  values: { status: string; refusalReason: string | null; now: Date },
) {
  await tx
    .update(requestClients)
    .set({
      status: values.status,
      refusalReason: values.refusalReason,
      version: sql`${requestClients.version} + 1`,
      updatedAt: values.now,
    })
    .where(eq(requestClients.id, requestId));
}
