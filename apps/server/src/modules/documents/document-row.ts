import type { DocumentRow } from "@certidesk/shared";
import { type SQL, sql } from "drizzle-orm";
import { auditors, clients, documentCategories, documents, users } from "../../db/schema/index.js";
import { isoTimestamp, jsonObject } from "../../lib/sql-json.js";
import type { DocumentLinks } from "./document-links.js";

/** A listed document without its links. */
export type DocumentRowWithoutLinks = Omit<DocumentRow, "url" | "downloadUrl">;

/**
 * A document as the lists and the detail show it (shared DocumentRow), its links aside, as JSON built by the
 * database (lib/sql-json.ts), on documents joined to their category, owner and author (documents.repository.ts).
 * The links are signed by the server with a key the database never sees: `withLinks` adds them to each row.
 */
export const documentRowJson: SQL<DocumentRowWithoutLinks> = jsonObject({
  id: documents.id,
  family: documents.family,
  documentType: documents.documentType,
  categoryId: documents.categoryId,
  categoryName: documentCategories.name,
  name: documents.name,
  description: documents.description,
  fileName: documents.fileName,
  mimeType: documents.mimeType,
  size: documents.size,
  currentVersion: documents.currentVersion,
  clientId: documents.clientId,
  clientName: clients.raisonSocial,
  auditorId: documents.auditorId,
  auditorName: sql`${auditors.firstName} || ' ' || ${auditors.lastName}`,
  missionId: documents.missionId,
  metaCode: documents.metaCode,
  createdByName: sql`${users.firstName} || ' ' || ${users.lastName}`,
  createdAt: isoTimestamp(documents.createdAt),
  updatedAt: isoTimestamp(documents.updatedAt),
  version: documents.version,
}) as SQL<DocumentRowWithoutLinks>;

/** A row of `documentRowJson` as text, with fresh signed links added as its last two keys. */
export function withLinks(rowText: string, documentId: string, links: DocumentLinks): string {
  const { url, downloadUrl } = links.links(documentId);
  // The row is a JSON object: its closing brace gives way to the two links.
  return `${rowText.slice(0, rowText.lastIndexOf("}"))},"url":${JSON.stringify(url)},"downloadUrl":${JSON.stringify(downloadUrl)}}`;
}

/** A decoded row with fresh signed links (one document's answers). */
export const rowWithLinks = (row: DocumentRowWithoutLinks, links: DocumentLinks): DocumentRow => ({
  ...row,
  ...links.links(row.id),
});
