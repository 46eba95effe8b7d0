import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// unaccent is not available on PGlite: translate() folds the French accents in SQL instead,
// so accent- and case-insensitive search runs in the database on both engines. The ligatures
// œ and æ become two letters ("Œuvre" is found by "oeuvre").
const ACCENTED = "àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ";
const PLAIN = "aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN";

export const foldedSql = (expr: SQL | AnyPgColumn) =>
  sql`replace(replace(replace(replace(translate(${expr}, ${ACCENTED}, ${PLAIN}), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')`;
export const foldText = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/g, "oe")
    .replace(/Œ/g, "OE")
    .replace(/æ/g, "ae")
    .replace(/Æ/g, "AE");
