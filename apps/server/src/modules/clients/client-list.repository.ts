import type { ClientListQuery, ClientSortKey } from "@certidesk/shared";
import { and, count, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  clients,
  contacts,
  contractEstablishments,
  contracts,
  gestionnaires,
  legalEntities,
} from "../../db/schema/index.js";
import { type IsoDate, sqlDate } from "../../lib/clock.js";
import { offsetOf } from "../../lib/pagination.js";
import { type RecordScope, scopeWhere } from "../../lib/policy.js";
import { foldedSql, matchEveryWord } from "../../lib/search-text.js";

/** The latest contract of an establishment: its status is the list's status column. */
const latestContract = (column: "status" | "id") =>
  sql<
    string | null
  >`(select c.${sql.raw(column)} from ${contractEstablishments} ce join ${contracts} c on c.id = ce.contract_id where ce.client_id = ${clients.id} order by c.created_at desc limit 1)`;

const contactName = sql<string>`trim(coalesce(${contacts.firstName}, '') || ' ' || coalesce(${contacts.lastName}, ''))`;

const SORT_EXPRESSIONS: Record<ClientSortKey, SQL | unknown> = {
  raisonSocial: sql`lower(${foldedSql(clients.raisonSocial)})`,
  postalCode: clients.postalCode,
  city: sql`lower(${foldedSql(clients.city)})`,
  contactName: sql`lower(${foldedSql(contactName)})`,
  gestionnaireRaisonSocial: sql`lower(${foldedSql(gestionnaires.raisonSocial)})`,
  evaluationDate: clients.evaluationDate,
  dateRelance: clients.dateRelance,
  status: latestContract("status"),
  createdAt: clients.createdAt,
};

function filterCondition(filter: ClientListQuery["filter"], today: IsoDate): SQL | undefined {
  switch (filter) {
    case "NO_EVALUATION_DATE":
      return and(isNull(clients.evaluationDate), isNull(clients.evaluationFinishedAt));
    case "EVALUATION_DATE":
      return and(sql`${clients.evaluationDate} >= ${sqlDate(today)}`, isNull(clients.evaluationFinishedAt));
    case "AUDIT_DATE_PAST":
      return and(sql`${clients.evaluationDate} < ${sqlDate(today)}`, isNull(clients.evaluationFinishedAt));
    case "EVALUATION_FINISH":
      return isNotNull(clients.evaluationFinishedAt);
    default:
      return undefined;
  }
}

function searchCondition(search: string | undefined): SQL | undefined {
  return matchEveryWord(search, (pattern) =>
    or(
      ilike(foldedSql(clients.raisonSocial), pattern),
      ilike(foldedSql(sql`coalesce(${clients.city}, '')`), pattern),
      ilike(sql`coalesce(${clients.postalCode}, '')`, pattern),
      ilike(sql`coalesce(${clients.finess}, '')`, pattern),
      ilike(foldedSql(sql`coalesce(${legalEntities.raisonSocial}, '')`), pattern),
      ilike(foldedSql(sql`coalesce(${gestionnaires.raisonSocial}, '')`), pattern),
      ilike(foldedSql(contactName), pattern),
    ),
  );
}

export type ClientListRow = Awaited<ReturnType<ReturnType<typeof clientListQuery>["select"]>>[number];

/** The client list, filtered, searched, sorted and paged in SQL. */
export async function listClients(db: Executor, q: ClientListQuery, scope: RecordScope, today: IsoDate) {
  const { select, where } = clientListQuery(db, q, scope, today);
  const [rows, [total]] = await Promise.all([
    select().limit(q.pageSize).offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(clients)
      .leftJoin(legalEntities, eq(legalEntities.id, clients.legalEntityId))
      .leftJoin(gestionnaires, eq(gestionnaires.id, legalEntities.gestionnaireId))
      .leftJoin(contacts, and(eq(contacts.clientId, clients.id), eq(contacts.isMain, true)))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export const EXPORT_BATCH_SIZE = 2_000;

/**
 * Every row of the list (the export), batch after batch in the list's order: no cap, and memory
 * bounded by one batch plus the ids. The ids are read first, sorted, in one query that computes no
 * per-row column; each batch then reads the details of its ids only. Pages by OFFSET would make
 * PostgreSQL compute the per-row subqueries (status, multi-establishment) of every skipped row again:
 * 2.1 s of SQL for 10,000 clients, against about 0.5 s this way. The ids read first also keep the
 * export consistent: a row created or re-sorted meanwhile is neither skipped nor repeated.
 */
export async function* clientListBatches(
  db: Executor,
  q: Omit<ClientListQuery, "page" | "pageSize">,
  scope: RecordScope,
  today: IsoDate,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ClientListRow[]> {
  const { select, ids } = clientListQuery(db, { ...q, page: 1, pageSize: batchSize }, scope, today);
  const ordered = (await ids()).map((r) => r.id);
  for (let start = 0; start < ordered.length; start += batchSize) {
    const batch = ordered.slice(start, start + batchSize);
    const rows = await select(inArray(clients.id, batch));
    // Same order as the ids (the details query sorts the same way; a row deleted meanwhile is left out).
    if (rows.length) yield rows;
  }
}

function clientListQuery(db: Executor, q: ClientListQuery, scope: RecordScope, today: IsoDate) {
  const where = and(
    isNotNull(clients.clientSince),
    scopeWhere(scope, { clientId: clients.id }),
    filterCondition(q.filter, today),
    searchCondition(q.search),
  );
  const sortKey = q.sort?.key ?? "raisonSocial";
  const direction = q.sort?.direction === "desc" ? sql`desc` : sql`asc`;
  const order = sql`${SORT_EXPRESSIONS[sortKey]} ${direction} nulls last`;
  const select = (only?: SQL) =>
    db
      .select({
        client: clients,
        legalEntityRaisonSocial: legalEntities.raisonSocial,
        gestionnaireId: gestionnaires.id,
        gestionnaireRaisonSocial: gestionnaires.raisonSocial,
        contact: {
          firstName: contacts.firstName,
          lastName: contacts.lastName,
          tel: contacts.tel,
          email: contacts.email,
          occupation: contacts.occupation,
          mobilePhone: contacts.mobilePhone,
        },
        isMultiClient: sql<boolean>`(select count(*) from ${clients} c2 where c2.legal_entity_id = ${clients.legalEntityId}) > 1`,
        status: latestContract("status"),
        contractId: latestContract("id"),
      })
      .from(clients)
      .leftJoin(legalEntities, eq(legalEntities.id, clients.legalEntityId))
      .leftJoin(gestionnaires, eq(gestionnaires.id, legalEntities.gestionnaireId))
      .leftJoin(contacts, and(eq(contacts.clientId, clients.id), eq(contacts.isMain, true)))
      .where(and(where, only))
      .orderBy(order, clients.id);
  /** The ids alone, in the list's order (the export reads them first). */
  const ids = () =>
    db
      .select({ id: clients.id })
      .from(clients)
      .leftJoin(legalEntities, eq(legalEntities.id, clients.legalEntityId))
      .leftJoin(gestionnaires, eq(gestionnaires.id, legalEntities.gestionnaireId))
      .leftJoin(contacts, and(eq(contacts.clientId, clients.id), eq(contacts.isMain, true)))
      .where(where)
      .orderBy(order, clients.id);
  return { select, ids, where };
}
