import {
  DOCUMENT_FAMILY_LABELS,
  type DocumentFamily,
  formatDate,
  MAIL_STATUS_LABELS,
  type MailStatus,
} from "@certidesk/shared";
import { and, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { documents, mailOutbox } from "../../../db/schema/index.js";
import { recordScope } from "../../../lib/policy.js";
import { canSeeHrDocuments, documentListScope } from "../../documents/index.js";
import {
  CLIENT_PORTAL,
  detailOf,
  evaluatorSpace,
  reads,
  type SearchKindDefinition,
  staffReads,
} from "../search-kind.js";
import { kindStatement, wordInText } from "../search-sql.js";

const parisDay = (column: SQLWrapper) => sql`to_char(${column} at time zone 'Europe/Paris', 'YYYY-MM-DD')`;

interface DocumentRow {
  id: string;
  name: string;
  fileName: string;
  family: string;
  updatedOn: string;
  missionId: string | null;
}

/**
 * Documents of the library: name, file name, description (the library's search text), within the library's
 * scope (documents.repository.ts): staff all but RH unless theirs to read, an evaluator their file and
 * receipts, a client user their establishment's documents and the reports sent to them.
 */
const documentKind: SearchKindDefinition<DocumentRow> = {
  kind: "document",
  scope: (actor) =>
    reads(actor, "CERTMANAGER_DOCUMENT")
      ? (and(isNull(documents.deletedAt), documentListScope(recordScope(actor), canSeeHrDocuments(actor))) as SQL)
      : null,
  statement: (q, scope) =>
    kindStatement(
      {
        kind: "document",
        from: documents,
        where: [scope],
        word: (w, exact) => wordInText({ column: documents.searchText }, w, exact),
        // The stored text starts with the folded name: nothing to fold per candidate.
        key: sql`${documents.searchText}`,
        columns: {
          id: documents.id,
          name: documents.name,
          fileName: documents.fileName,
          family: documents.family,
          updatedOn: parisDay(documents.updatedAt),
          missionId: documents.missionId,
        },
      },
      q,
    ),
  result: (row, actor) => ({
    id: row.id,
    title: row.name,
    detail: detailOf(DOCUMENT_FAMILY_LABELS[row.family as DocumentFamily], row.fileName, formatDate(row.updatedOn)),
    path:
      actor.profileType === "AUDITEUR"
        ? evaluatorSpace(actor.auditorId, row.family === "EXPENSE" ? "frais" : "documents")
        : actor.profileType === "MYQUALIANOR"
          ? `${CLIENT_PORTAL}${row.missionId ? `#mission-${row.missionId}` : ""}`
          : `/app/biblio?famille=${row.family}&q=${encodeURIComponent(row.name)}`,
  }),
};

interface MailRow {
  id: string;
  subject: string;
  to: string[];
  status: string;
  createdOn: string;
}

/** Mails of the outbox: subject, recipients, establishment (the mail list's search text). Staff with MAIL read. */
const mailKind: SearchKindDefinition<MailRow> = {
  kind: "mail",
  scope: (actor) => (staffReads(actor, "MAIL") ? isNull(mailOutbox.deletedAt) : null),
  statement: (q, scope) =>
    kindStatement(
      {
        kind: "mail",
        from: mailOutbox,
        where: [scope],
        word: (w, exact) => wordInText({ column: mailOutbox.searchText }, w, exact),
        // The stored text starts with the folded subject.
        key: sql`coalesce(${mailOutbox.searchText}, '')`,
        columns: {
          id: mailOutbox.id,
          subject: mailOutbox.subject,
          to: mailOutbox.to,
          status: mailOutbox.status,
          createdOn: parisDay(mailOutbox.createdAt),
        },
      },
      q,
    ),
  result: (row) => ({
    id: row.id,
    title: row.subject,
    detail: detailOf(row.to.join(", "), formatDate(row.createdOn), MAIL_STATUS_LABELS[row.status as MailStatus]),
    path: `/app/mail?q=${encodeURIComponent(row.subject)}`,
  }),
};

/** The kinds of this file, by name (search.repository.ts gathers them). */
export const files = { document: documentKind, mail: mailKind };
