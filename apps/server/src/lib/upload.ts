import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "@certidesk/shared";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "./errors.js";

/**
 * Limits of every multipart request: a few short fields, one file. Without them one request with a
 * hundred 1 MB junk fields is held in memory whole.
 */
export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 64 * 1024,
  fields: 20,
  files: 1,
  parts: 21,
  headerPairs: 50,
  fileSize: 25 * 1024 * 1024,
};

const MB = 1024 * 1024;

export interface UploadOptions {
  maxBytes: number;
  /** Names of the text fields the route reads; any other field is refused. */
  fields?: readonly string[];
  /** Message when the file is over maxBytes. */
  tooLarge?: string;
}

export interface Upload {
  file: MultipartFile;
  data: Buffer;
  fields: Record<string, string>;
}

/** Turns what busboy and @fastify/multipart throw into the API's French answers. */
function uploadError(error: unknown, options: UploadOptions): AppError {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    return new AppError(
      413,
      "PAYLOAD_TOO_LARGE",
      options.tooLarge ?? `Le fichier dépasse la taille maximale de ${Math.round(options.maxBytes / MB)} Mo.`,
    );
  }
  if (statusCode === 413 || code === "FST_PARTS_LIMIT" || code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT") {
    return new AppError(
      413,
      "PAYLOAD_TOO_LARGE",
      "Trop de champs ou de fichiers dans l'envoi : un seul fichier est attendu.",
    );
  }
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") {
    return new AppError(415, "UNSUPPORTED_MEDIA_TYPE", "Le fichier doit être envoyé en multipart/form-data.");
  }
  // busboy: "Unexpected end of form", "Malformed part header", missing boundary…
  return badRequest("L'envoi du fichier est incomplet ou mal formé. Réessayez.");
}

/**
 * Reads the one uploaded file of a request (fields first, then the file), with the limits above,
 * refusing unknown or over-long fields, control characters in fields, and a file over maxBytes.
 */
export async function readUpload(request: FastifyRequest, options: UploadOptions): Promise<Upload> {
  try {
    const file = await request.file({ limits: { ...MULTIPART_LIMITS, fileSize: options.maxBytes } });
    if (!file) throw badRequest("Aucun fichier reçu.");
    if (file.fieldname !== "file") throw badRequest(`Champ non reconnu : ${file.fieldname}.`);
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(file.fields)) {
      if (name === "file") continue;
      if (!options.fields?.includes(name) || Array.isArray(value)) throw badRequest(`Champ non reconnu : ${name}.`);
      if (value?.type !== "field") throw badRequest("Un seul fichier est attendu.");
      if (value.valueTruncated || value.fieldnameTruncated) throw badRequest(`Le champ ${name} est trop long.`);
      const text = String(value.value);
      if (hasControlCharacters(text))
        throw badRequest(CONTROL_CHARACTERS_MESSAGE, [{ path: name, message: CONTROL_CHARACTERS_MESSAGE }]);
      if (text !== "") fields[name] = text;
    }
    const data = await file.toBuffer();
    if (file.file.truncated) throw uploadError({ code: "FST_REQ_FILE_TOO_LARGE" }, options);
    return { file, data, fields };
  } catch (error) {
    throw uploadError(error, options);
  }
}
