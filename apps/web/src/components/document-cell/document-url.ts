export interface DocumentRef {
  id: string | number;
  name: string;
  url: string;
}

/** Default document-view address: the stored url travels in the `p` parameter (spec §7). */
export function defaultDocumentViewUrl(doc: DocumentRef): string {
  return `/api/documents/view?p=${encodeURIComponent(doc.url)}`;
}

/** Opens in a new window; noopener so the document cannot reach back into the app. */
export function openDocument(doc: DocumentRef, buildViewUrl: (doc: DocumentRef) => string = defaultDocumentViewUrl) {
  window.open(buildViewUrl(doc), "_blank", "noopener");
}

/** Keeps only well-formed document entries from an untyped cell value. */
export function asDocuments(value: unknown): DocumentRef[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is DocumentRef =>
      typeof item === "object" &&
      item !== null &&
      typeof (item as DocumentRef).name === "string" &&
      typeof (item as DocumentRef).url === "string",
  );
}
