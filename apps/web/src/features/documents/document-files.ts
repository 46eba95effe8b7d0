/**
 * What the library accepts, mirroring the server's content check (file-check.ts) so the file
 * picker offers the right files; the server still decides from the bytes.
 */
export const ACCEPTED_FILES: Record<string, string[]> = {
  "application/pdf": [".pdf"],
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/webp": [".webp"],
  "image/gif": [".gif"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": [".docx"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": [".pptx"],
  "application/vnd.oasis.opendocument.text": [".odt"],
  "application/vnd.oasis.opendocument.spreadsheet": [".ods"],
  "application/vnd.oasis.opendocument.presentation": [".odp"],
  "application/msword": [".doc"],
  "application/vnd.ms-excel": [".xls"],
  "application/vnd.ms-powerpoint": [".ppt"],
  "text/plain": [".txt"],
  "text/csv": [".csv"],
};

export const ACCEPTED_FILES_HINT =
  "PDF, images (PNG, JPEG, WebP, GIF), Word, Excel, PowerPoint, OpenDocument, texte ou CSV";

export type PreviewKind = "pdf" | "image" | null;

/** Files the browser can show by itself; the others are downloaded. */
export function previewKind(mimeType: string): PreviewKind {
  const type = mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/pdf") return "pdf";
  if (["image/png", "image/jpeg", "image/webp", "image/gif"].includes(type)) return "image";
  return null;
}

/** A document's default name: its file name without the extension, as the server does. */
export const nameFromFile = (fileName: string) => fileName.replace(/\.[^.]+$/, "");

/** French reason for a file the picker turned down (react-dropzone error codes). */
export function rejectionMessage(codes: readonly string[]): string {
  if (codes.includes("too-many-files")) return "Déposez un seul fichier à la fois.";
  if (codes.includes("file-invalid-type"))
    return `Type de fichier refusé : seuls ${ACCEPTED_FILES_HINT} sont acceptés.`;
  if (codes.includes("file-too-large")) return "Le fichier dépasse la taille maximale autorisée.";
  return "Ce fichier ne peut pas être déposé.";
}
