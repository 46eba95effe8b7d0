import { badRequest } from "../../lib/errors.js";
import { checkImage, type ImageFormat } from "../../lib/image-guard.js";

/**
 * Accepted uploads, recognised by their content (magic bytes), never by the name alone: office
 * documents, PDFs, images, and plain text/CSV (which has no signature: checked to be text).
 */
const ALLOWED: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
  // Legacy .doc/.xls/.ppt are OLE compound files.
  cfb: "application/octet-stream",
};
const LEGACY_OFFICE: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};
const TEXT: Record<string, string> = { txt: "text/plain; charset=utf-8", csv: "text/csv; charset=utf-8" };

export const ACCEPTED_EXTENSIONS = [
  ".pdf",
  ".png",
  ".jpg",
  ".jpeg",
  ".webp",
  ".gif",
  ".docx",
  ".xlsx",
  ".pptx",
  ".odt",
  ".ods",
  ".odp",
  ".doc",
  ".xls",
  ".ppt",
  ".txt",
  ".csv",
];
export const REFUSED_TYPE_MESSAGE =
  "Type de fichier refusé : seuls les PDF, images (PNG, JPEG, WebP, GIF), documents bureautiques (Word, Excel, PowerPoint, OpenDocument) et fichiers texte ou CSV sont acceptés.";

const extensionOf = (name: string) => name.toLowerCase().split(".").pop() ?? "";

function looksLikeText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  return !new TextDecoder("utf-8", { fatal: false }).decode(data.subarray(0, 64 * 1024)).includes("\uFFFD");
}

/** The MIME type to store for an accepted file, or null when its content is not allowed. */
export async function detectAllowedType(data: Buffer, fileName: string): Promise<string | null> {
  if (data.length === 0) return null;
  // Loaded by the first upload, not at start.
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(data);
  const ext = extensionOf(fileName);
  if (!detected) return TEXT[ext] && looksLikeText(data) ? (TEXT[ext] ?? null) : null;
  if (detected.ext === "cfb") return LEGACY_OFFICE[ext] ?? null;
  return ALLOWED[detected.ext] ?? null;
}

const IMAGE_FORMATS: Record<string, ImageFormat> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/webp": "webp",
  "image/gif": "gif",
};

/**
 * The MIME type to store for an upload, or a French refusal. An image is also decoded and its pixels
 * bounded (lib/image-guard.ts): its preview draws it in the page. It is kept as sent, byte for byte, like
 * every document (a receipt, a signed scan): only the logo is redrawn.
 */
export async function acceptedFileType(data: Buffer, fileName: string): Promise<string> {
  const mime = await detectAllowedType(data, fileName);
  if (!mime) throw badRequest(REFUSED_TYPE_MESSAGE);
  const format = IMAGE_FORMATS[mime];
  if (format) await checkImage(data, [format]);
  return mime;
}
