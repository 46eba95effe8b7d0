/**
 * The documents module's public surface: other modules store generated files through the
 * documents service and sign links to them.
 */
export type { DocumentLinks } from "./document-links.js";
export { canSeeHrDocuments, documentResource } from "./documents.policy.js";
export type { DocumentsService, UploadedFile } from "./documents.service.js";
