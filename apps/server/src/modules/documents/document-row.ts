import type { DocumentFamily, DocumentRow } from "@certidesk/shared";
import type { DocumentLinks } from "./document-links.js";
import type { DocumentListedRow } from "./documents.repository.js";

/** A document as the lists show it, with fresh signed links to open and download it. */
export function toDocumentRow(r: DocumentListedRow, links: DocumentLinks): DocumentRow {
  const d = r.document;
  return {
    id: d.id,
    family: d.family as DocumentFamily,
    documentType: d.documentType,
    categoryId: d.categoryId,
    categoryName: r.categoryName,
    name: d.name,
    description: d.description,
    fileName: d.fileName,
    mimeType: d.mimeType,
    size: d.size,
    currentVersion: d.currentVersion,
    clientId: d.clientId,
    clientName: r.clientName,
    auditorId: d.auditorId,
    auditorName: r.auditorName,
    missionId: d.missionId,
    metaCode: d.metaCode,
    createdByName: r.createdByName,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    version: d.version,
    ...links.links(d.id),
  };
}
