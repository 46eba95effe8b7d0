import { withoutBidiControls } from "@certidesk/shared";
import { badRequest } from "../../lib/errors.js";

/**
 * The name a file is stored, listed, mailed and downloaded under: no path separators, no control
 * characters, no bidirectional controls (`facture\u202Efdp.exe` would pose as "factureexe.pdf"), 200
 * characters at most. Every upload path reaches the library through documents.service, which applies it.
 */
export const safeFileName = (name: string) =>
  withoutBidiControls(name)
    .replace(/[/\\]/g, "_")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed.
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .slice(0, 200) || "document";

/** A document's shown name, typed or taken from its file: the same characters removed, never empty. */
export function documentName(name: string): string {
  const clean = withoutBidiControls(name).trim();
  if (!clean) throw badRequest("Le nom du document est obligatoire.");
  return clean;
}
