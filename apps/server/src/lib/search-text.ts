import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// unaccent is not available on PGlite: translate() folds the French accents in SQL instead,
// so accent- and case-insensitive search runs in the database on both engines.
const ACCENTED = "àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ";
const PLAIN = "aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN";

export const foldedSql = (expr: SQL | AnyPgColumn) => sql`translate(${expr}, ${ACCENTED}, ${PLAIN})`;
export const foldText = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
