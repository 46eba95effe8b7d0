import {
  CONTRACT_STATUS_DETAIL_LABELS,
  type ContractStatus,
  formatCurrency,
  QUOTE_STATUS_LABELS,
  type QuoteStatus,
  REQUEST_STATUS_LABELS,
  type RequestStatus,
} from "@certidesk/shared";
import { or, type SQL, sql } from "drizzle-orm";
import { contracts, quotes, requestClients } from "../../../db/schema/index.js";
import { detailOf, type SearchKindDefinition, staffReads } from "../search-kind.js";
import { compactHolds, compactIs, kindStatement, wordInText } from "../search-sql.js";

interface RequestRow {
  id: string;
  reference: string;
  name: string;
  status: string;
  archived: boolean;
}

/** Requests (prospects): the prospect list's search text (reference, entity, contact, establishments), staff only. */
const requestKind: SearchKindDefinition<RequestRow> = {
  kind: "request",
  scope: (actor) => (staffReads(actor, "PROSPECT") ? undefined : null),
  statement: (q, scope) =>
    kindStatement(
      {
        kind: "request",
        from: requestClients,
        where: [scope],
        word: (w, exact) =>
          or(
            wordInText({ column: requestClients.searchText }, w, exact),
            compactHolds(requestClients.reference, w),
          ) as SQL,
        key: sql`${requestClients.listNameKey}`,
        whole: (w) => compactIs(requestClients.reference, w),
        columns: {
          id: requestClients.id,
          reference: requestClients.reference,
          name: requestClients.displayName,
          status: requestClients.status,
          archived: sql`${requestClients.archivedAt} is not null`,
        },
      },
      q,
    ),
  result: (row) => ({
    id: row.id,
    title: row.reference,
    detail: detailOf(row.name, REQUEST_STATUS_LABELS[row.status as RequestStatus], row.archived && "archivée"),
    path: `/app/timeline-prospect/${row.id}`,
  }),
};

/** Only a word holding a digit can be part of a number: any other word finds no quote nor contract. */
const numberHolds = (column: Parameters<typeof compactHolds>[0], w: Parameters<typeof compactHolds>[1]) =>
  compactHolds(column, w) ?? sql`false`;

interface QuoteRow {
  id: string;
  number: string;
  revision: number;
  status: string;
  totalTtc: string | number;
  requestId: string;
  name: string | null;
}

/** Quotes, by number (the latest version of each), opened on their request's page. Staff only. */
const quoteKind: SearchKindDefinition<QuoteRow> = {
  kind: "quote",
  scope: (actor) => (staffReads(actor, "PROSPECT") ? undefined : null),
  statement: (q, scope) =>
    kindStatement(
      {
        kind: "quote",
        from: quotes,
        where: [
          scope,
          sql`not exists (select 1 from ${quotes} newer where newer.number = ${quotes.number} and newer.revision > ${quotes.revision})`,
        ],
        word: (w) => numberHolds(quotes.number, w),
        key: sql`lower(${quotes.number})`,
        whole: (w) => compactIs(quotes.number, w),
        columns: {
          id: quotes.id,
          number: quotes.number,
          revision: quotes.revision,
          status: quotes.status,
          totalTtc: quotes.totalTTC,
          requestId: quotes.requestId,
        },
        later: { name: sql`(select r.display_name from ${requestClients} r where r.id = t."requestId")` },
      },
      q,
    ),
  result: (row) => ({
    id: row.id,
    title: row.revision > 1 ? `${row.number} (version ${row.revision})` : row.number,
    detail: detailOf(row.name, formatCurrency(Number(row.totalTtc)), QUOTE_STATUS_LABELS[row.status as QuoteStatus]),
    path: `/app/timeline-prospect/${row.requestId}`,
  }),
};

interface ContractRow {
  id: string;
  number: string;
  status: string;
  name: string | null;
}

/**
 * Contracts, by number. Opened on the contract's screen, which needs PROSPECT (the route table): the staff
 * reading contracts through an establishment's page alone (CLIENT) find them there.
 */
const contractKind: SearchKindDefinition<ContractRow> = {
  kind: "contract",
  scope: (actor) => (staffReads(actor, "PROSPECT") ? undefined : null),
  statement: (q, scope) =>
    kindStatement(
      {
        kind: "contract",
        from: contracts,
        where: [scope],
        word: (w) => numberHolds(contracts.number, w),
        key: sql`lower(${contracts.number})`,
        whole: (w) => compactIs(contracts.number, w),
        columns: {
          id: contracts.id,
          number: contracts.number,
          status: contracts.status,
          requestId: contracts.requestId,
        },
        later: { name: sql`(select r.display_name from ${requestClients} r where r.id = t."requestId")` },
      },
      q,
    ),
  result: (row) => ({
    id: row.id,
    title: row.number,
    detail: detailOf(row.name, CONTRACT_STATUS_DETAIL_LABELS[row.status as ContractStatus]),
    path: `/app/contract/${row.id}`,
  }),
};

/** The kinds of this file, by name (search.repository.ts gathers them). */
export const deals = { request: requestKind, quote: quoteKind, contract: contractKind };
