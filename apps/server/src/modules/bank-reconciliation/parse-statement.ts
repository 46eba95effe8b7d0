import { unprocessable } from "../../lib/errors.js";
import { NOT_A_STATEMENT, parseBankCsv } from "./bank-csv.js";
import { parseCamt053 } from "./camt053.js";
import type { ParsedStatement } from "./statement-line.js";

/** French banks still export CSV in Windows-1252: UTF-8 when the bytes are valid UTF-8, else that. */
function decode(data: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data).replace(/^\uFEFF/, "");
  } catch {
    return new TextDecoder("windows-1252").decode(data);
  }
}

/**
 * A statement file, whatever its name says: XML is read as camt.053, anything else as a CSV. A binary file
 * (a PDF, a spreadsheet) is neither (422). Nothing is written here: the caller records the lines, or not.
 */
export function parseStatement(data: Buffer): ParsedStatement {
  if (data.length === 0) throw unprocessable("Le fichier est vide : rien n'a été importé.");
  // Control characters other than tab and line breaks: a binary file (PDF, XLSX, image).
  if (data.subarray(0, 4096).some((b) => b < 9 || (b > 13 && b < 32))) throw unprocessable(NOT_A_STATEMENT);
  const text = decode(data);
  return text.trimStart().startsWith("<") ? parseCamt053(text) : parseBankCsv(text);
}
