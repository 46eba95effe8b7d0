/**
 * The documents module's public surface: other modules file generated documents and uploads through the
 * documents service, inside their own write (`withDocuments`, `withUpload`), and sign links to them.
 */
export type { DocumentLinks } from "./document-links.js";
export { canSeeHrDocuments, documentResource } from "./documents.policy.js";
export { scopeFilter as documentListScope } from "./documents.repository.js";
export type { DocumentsService, UploadedFile } from "./documents.service.js";
export type { DocumentToFile, FiledDocument, PendingDocument } from "./documents-with-write.js";
