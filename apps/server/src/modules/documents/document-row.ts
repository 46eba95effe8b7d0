import type { DocumentRow } from "@certidesk/shared";
import type { DocumentLinks } from "./document-links.js";

/** A listed document without its links. */
export type DocumentRowWithoutLinks = Omit<DocumentRow, "url" | "downloadUrl">;

/**
 * A document's kept row (list_row, migration 0050_document_list_row: the row of the lists and the detail, built
 * by the database) as text, with fresh signed links added as its last two keys. The links are signed by the
 * server with a key the database never sees.
 */
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
