import {
  BULK_MAX_ROWS,
  BULK_STALE_REASON,
  type BulkFailure,
  type BulkResult,
  type BulkSelection,
} from "@certidesk/shared";
import { AppError, unprocessable } from "./errors.js";

/** A row a bulk action will act on: the version the user saw (ticked) or read now (a filter), and its name. */
export interface BulkRow {
  id: string;
  version: number;
  label: string;
}

/** How a list finds its rows for a bulk action: by their ids, or by its own filter (capped). */
export interface BulkSource<F> {
  /** The current rows of these ids the actor may see (a missing one is reported, not acted on). */
  byIds: (ids: string[]) => Promise<Array<{ id: string; version: number; label: string }>>;
  /** The rows of the filter in the list's order, at most `limit` of them. */
  byFilter: (filter: F, limit: number) => Promise<BulkRow[]>;
  /** The reason given for an id that is not (or no longer) there. */
  notFound: string;
}

const UNEXPECTED = "Erreur inattendue : rien n'a été fait sur cette ligne. Réessayez ou signalez-le.";

/**
 * The rows of a selection. Ticked rows keep the version the user saw, so that the single-row write reports a
 * row changed meanwhile instead of overwriting it; a filter reads them now, and more than BULK_MAX_ROWS of
 * them is refused (422) before anything is written.
 */
export async function resolveSelection<F>(
  selection: BulkSelection<F>,
  source: BulkSource<F>,
): Promise<{ rows: BulkRow[]; missing: BulkFailure[] }> {
  if (selection.filter !== undefined) {
    const rows = await source.byFilter(selection.filter, BULK_MAX_ROWS + 1);
    if (rows.length > BULK_MAX_ROWS)
      throw unprocessable(
        `Le filtre donne plus de ${BULK_MAX_ROWS} lignes : une action groupée en touche ${BULK_MAX_ROWS} au plus. Affinez le filtre.`,
      );
    return { rows, missing: [] };
  }
  const unique = [...new Map((selection.ids ?? []).map((r) => [r.id, r])).values()];
  const found = new Map((await source.byIds(unique.map((r) => r.id))).map((r) => [r.id, r]));
  const rows: BulkRow[] = [];
  const missing: BulkFailure[] = [];
  for (const { id, version } of unique) {
    const row = found.get(id);
    if (row) rows.push({ id, version, label: row.label });
    else missing.push({ id, label: "—", reason: source.notFound });
  }
  return { rows, missing };
}

/** The French reason of a refused row: the single-row error's message; a version conflict says so plainly. */
export function bulkReason(error: unknown): string | null {
  if (!(error instanceof AppError)) return null;
  return error.code === "STALE_VERSION" ? BULK_STALE_REASON : error.message;
}

/**
 * Runs a bulk action row after row, each through the single-row write (its own transaction, rules, version
 * check and journal entry): a refused row is reported with its reason and the others go on. An unexpected
 * error is logged and reported as such on its row: the rows before it stay written, as they would have one
 * by one.
 */
export async function runBulk(
  selected: { rows: BulkRow[]; missing: BulkFailure[] },
  act: (row: BulkRow) => Promise<unknown>,
  log?: { error(obj: unknown, msg?: string): void },
): Promise<BulkResult> {
  const failed = [...selected.missing];
  let done = 0;
  for (const row of selected.rows) {
    try {
      await act(row);
      done++;
    } catch (error) {
      const reason = bulkReason(error);
      if (reason === null) log?.error({ err: error, id: row.id }, "action groupée : ligne en échec");
      failed.push({ id: row.id, label: row.label, reason: reason ?? UNEXPECTED });
    }
  }
  return { done, failed };
}
