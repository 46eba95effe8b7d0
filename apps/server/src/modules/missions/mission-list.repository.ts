import {
  DEFAULT_DEADLINE_SETTINGS,
  type DeadlineSettings,
  MISSION_STATES,
  type MissionListQuery,
  type MissionRow,
  type MissionSortKey,
  type MissionState,
} from "@certidesk/shared";
import { and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { listTotals, missionDeadlineSettings, missions, missionTeamMembers } from "../../db/schema/index.js";
import { anyOf } from "../../lib/any-of.js";
import type { IsoDate } from "../../lib/clock.js";
import type { PageBounds } from "../../lib/page-in-one-statement.js";
import { offsetOf, offsetParam, pageSizeSql } from "../../lib/pagination.js";
import type { RecordScope } from "../../lib/policy.js";
import {
  boundValue,
  namedPlaceholder,
  preparedByShape,
  recordedValues,
  type StatementParam,
} from "../../lib/prepared-by-shape.js";
import {
  containsEveryWordIn,
  foldedSql,
  listSizes,
  searchPatterns,
  searchWords,
  walksTheSortIndex,
} from "../../lib/search-text.js";
import { jsonPageOf, jsonStringText, jsonTextsArray, withJsonKeys } from "../../lib/sql-json.js";
import {
  readVersion,
  totalWithVersion,
  type VersionedRow,
  versionColumns,
  versionedCount,
  versionedTotals,
  versionedValues,
} from "../../lib/versioned-totals.js";

/**
 * Live or finalised, written as literals, never parameters: the partial indexes' own predicates
 * (schema/missions.ts), which a prepared statement's generic plan can then use. With `status <> $1`, only a
 * plan made for each call's values could (0.45 ms of planning at each page; a generic plan scanned everything).
 */
const isLive = sql`${missions.status} <> 'FINALISED'`;
const isFinalised = sql`${missions.status} = 'FINALISED'`;

/**
 * Where a statement takes the deadline settings from: values it is given (a search, whose remembered totals are
 * keyed by the settings they were counted with; the export), or the settings' row, read by the statement itself
 * (a page, the counts): one round trip fewer at each call, and the page's rows are as of one snapshot.
 */
export type DeadlineSource = DeadlineSettings | typeof READ_BY_THE_STATEMENT;
export const READ_BY_THE_STATEMENT = "read by the statement";

type DeadlineDays = "preliminaryReportDays" | "observationsDays" | "finalReportDays";
const SETTING_COLUMNS: Record<DeadlineDays, SQLWrapper> = {
  preliminaryReportDays: missionDeadlineSettings.preliminaryReportDays,
  observationsDays: missionDeadlineSettings.observationsDays,
  finalReportDays: missionDeadlineSettings.finalReportDays,
};
/**
 * A setting read in the statement (an InitPlan: once per statement, not per row). Before anyone has read the
 * settings their row may not exist (loadDeadlineSettings creates it with the domain's defaults): the same
 * defaults then.
 */
const settingRead = (name: DeadlineDays) =>
  sql`coalesce((select ${SETTING_COLUMNS[name]} from ${missionDeadlineSettings} where ${missionDeadlineSettings.id} = 1), ${sql.raw(String(DEFAULT_DEADLINE_SETTINGS[name]))})`;

/**
 * The deadlines and the state of a mission in SQL, against today's date given as a parameter: the
 * same rules as packages/shared/src/missions/deadlines.ts (keep both in step).
 */
function derived(s: DeadlineSource, today: IsoDate, param: StatementParam) {
  const t = sql`${param("today", today)}::date`;
  const days = (name: DeadlineDays) =>
    s === READ_BY_THE_STATEMENT ? settingRead(name) : sql`${param(name, String(s[name]))}::int`;
  const preliminaryDue = sql<string | null>`(${missions.lastDay} + ${days("preliminaryReportDays")})`;
  const observationsDue = sql<string | null>`(${missions.preliminarySentAt} + ${days("observationsDays")})`;
  const finalDue = sql<
    string | null
  >`(coalesce(${missions.observationsReceivedAt}, ${missions.preliminarySentAt} + ${days("observationsDays")}) + ${days("finalReportDays")})`;
  const late = sql`((${missions.preliminaryUploadedAt} is null and ${t} > ${preliminaryDue}) or (${missions.finalReportAt} is null and ${finalDue} is not null and ${t} > ${finalDue}))`;
  const state = sql<MissionState>`case
    when ${missions.status} = 'FINALISED' then 'FINALISED'
    when ${missions.lastDay} is null then 'TO_PLAN'
    when ${missions.lastDay} >= ${t} then 'PLANNED'
    when ${late} then 'REPORT_LATE'
    else 'VISIT_PAST' end`;
  /**
   * Each state as a condition, the same as `state = …` but for what an index can serve: the live or finalised
   * status as written in the partial indexes' predicates (literals), the days as ranges. A computed `state`
   * compared with a value was evaluated on every live mission.
   */
  const stateIs = (wanted: MissionState): SQL => {
    switch (wanted) {
      case "FINALISED":
        return isFinalised;
      case "TO_PLAN":
        return sql`${isLive} and ${missions.lastDay} is null`;
      case "PLANNED":
        return sql`${isLive} and ${missions.lastDay} >= ${t}`;
      case "REPORT_LATE":
        return sql`${isLive} and ${missions.lastDay} < ${t} and ${late}`;
      case "VISIT_PAST":
        return sql`${isLive} and ${missions.lastDay} < ${t} and (${late}) is not true`;
    }
  };
  return { preliminaryDue, observationsDue, finalDue, state, stateIs };
}

const onTeam = (auditorId: string | SQLWrapper) =>
  sql`exists (select 1 from ${missionTeamMembers} tm where tm.mission_id = ${missions.id} and tm.auditor_id = ${auditorId})`;

/** The missions a scope reads: every one, an establishment's (a client user), an evaluator's team's. */
function scopeCondition(scope: RecordScope, param: StatementParam): SQL | undefined {
  if (scope.kind === "all") return undefined;
  if (scope.kind === "client") return eq(missions.clientId, param("scopeId", scope.clientId));
  if (scope.kind === "auditor") return onTeam(param("scopeId", scope.auditorId));
  return sql`false`;
}

/**
 * The same scope for the global search (modules/search), which reads a few matches with no order: an evaluator's
 * missions as the ids of their teams' rows, which the planner reads first (their few hundred missions by primary
 * key, then their texts) where the list's EXISTS let it read every mission matching a frequent word and check
 * each one's team.
 */
export function missionSearchScope(scope: RecordScope): SQL | undefined {
  if (scope.kind !== "auditor") return scopeCondition(scope, boundValue);
  return sql`${missions.id} = any(array(select tm.mission_id from ${missionTeamMembers} tm where tm.auditor_id = ${scope.auditorId}))`;
}

/**
 * Every word must match one of the fields: the establishment's name, city, postal code and FINESS, the
 * contract's number, the team's names. The database keeps them in one column (search_text, one field per
 * line, each compared as it always was: folded or not, the team's names aggregated as the list shows
 * them), indexed by trigrams, instead of folding the fields of every joined establishment and
 * aggregating every team at each search (seconds at 50,000 missions).
 */
function searchCondition(search: string | undefined, param: StatementParam, walk: boolean): SQL | undefined {
  // A frequent word (walksTheSortIndex), matched so that the planner walks the sort's index; the text is folded,
  // not lowered (ILIKE's work, done here by lower()).
  if (walk) return containsEveryWordIn(sql`lower(${missions.searchText})`, search, param);
  const words = searchPatterns(search).map(
    (pattern, i) => sql`${missions.searchText} ilike ${param(`w${i}`, pattern)}`,
  );
  return words.length ? and(...words) : undefined;
}

/** The states in the list's order (shared MISSION_STATES), as the literal the state sort's positions read. */
const STATE_ORDER = sql.raw(`array[${MISSION_STATES.map((state) => `'${state}'`).join(",")}]::text[]`);

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The list's queries. The page's ids come from the missions alone (the search and the sorts read what
 * the database keeps on the mission: its search text, its establishment's name), each sort on an index of
 * missions (schema/missions.ts), then the details of those ids. Every order ends with the name and the
 * id, as the list has always sorted.
 */
function missionListQuery(
  db: Executor,
  q: Omit<MissionListQuery, "page" | "pageSize">,
  scope: RecordScope,
  s: DeadlineSource,
  today: IsoDate,
  param: StatementParam = boundValue,
  walk = false,
) {
  const d = derived(s, today, param);
  const others = [
    scopeCondition(scope, param),
    q.auditorId ? onTeam(param("auditorId", q.auditorId)) : undefined,
    q.from ? sql`${missions.lastDay} >= ${param("from", q.from)}::date` : undefined,
    q.to ? sql`${missions.firstDay} <= ${param("to", q.to)}::date` : undefined,
    searchCondition(q.search, param, walk),
  ];
  const where = and(...others, q.status ? d.stateIs(q.status) : undefined);
  /** Nothing but the state filters the list: the counts per stored status kept by the database serve. */
  const unfiltered = scope.kind === "all" && others.every((c) => c === undefined);
  const direction = q.direction === "desc" ? sql`desc` : sql`asc`;
  const position = sql<number>`array_position(${STATE_ORDER}, ${d.state})`;
  const sorts: Record<MissionSortKey, SQL> = {
    firstDay: sql`${missions.firstDay} ${direction} nulls last`,
    // Never null: without NULLS LAST, the index's backward walk serves the descending order.
    raisonSocial: sql`lower(${foldedSql(missions.clientName)}) ${direction}`,
    status: sql`${position} ${direction} nulls last`,
    kind: sql`${missions.kind} ${direction} nulls last`,
    // last_day plus the same number of days for every mission: the order of last_day, which is indexed.
    preliminaryReportDue: sql`${missions.lastDay} ${direction} nulls last`,
  };
  const order = [sorts[q.sort], missions.clientName, missions.id];
  /**
   * A list row (shared MissionRow) as JSON text: the row the database keeps on the mission (list_row, migration
   * 0054_mission_list_row, the row's one definition) with its state and report deadlines, which depend on `today`
   * and the deadline settings.
   */
  const rowText = withJsonKeys(missions.listRow, {
    status: jsonStringText(d.state),
    preliminaryReportDue: jsonStringText(d.preliminaryDue),
    finalReportDue: jsonStringText(d.finalDue),
  });
  /** The rows of these ids, decoded by the driver, in the list's order (the export's batches). */
  const select = async (chosen: string[]) => {
    const rows = await db
      .select({ row: sql<MissionRow>`(${rowText})::json` })
      .from(missions)
      .where(anyOf(missions.id, chosen))
      .orderBy(...order);
    return rows.map((r) => r.row);
  };
  /**
   * The ids alone, in the list's order: a page of them, or all of them (the export). The state sort
   * reads the live missions, whose state is computed (a few thousand), apart from the finalised ones,
   * which all come last (or first, descending) in the order of an index: each part gives at most the
   * rows up to the page's end, and the page is cut from both.
   */
  const idsSql = (page?: PageBounds & { upTo: number | SQL }): SQL => {
    if (q.sort !== "status") {
      const query = db
        .select({ id: missions.id })
        .from(missions)
        .where(where)
        .orderBy(...order)
        .$dynamic();
      // drizzle types LIMIT and OFFSET as numbers or placeholders but writes any SQL it is given.
      if (page) query.limit(page.limit as number).offset(page.offset as number);
      return query.getSQL();
    }
    // One part per state, in the state's order: each the rows of that state in the order of the establishment's
    // name, up to the page's end, from an index (schema/missions.ts), its position a literal so that the parts
    // merge in order and the merge stops at the page's end. Sorting every live mission by its computed state's
    // position read them all (2,000 on the scale base) at each page.
    const upTo = page ? sql`limit ${page.upTo}` : sql``;
    const parts = MISSION_STATES.map(
      (
        state,
        i,
      ) => sql`(select ${missions.id}, ${sql.raw(String(i + 1))} as position, ${missions.clientName} from ${missions}
      where ${and(where, d.stateIs(state))} order by ${missions.clientName}, ${missions.id} ${upTo})`,
    );
    return sql`select id from (${sql.join(parts, sql` union all `)}) parts order by position ${direction}, client_name, id
        ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
  };
  /** Every id, in the list's order (the export's batches). */
  const ids = async (): Promise<string[]> => rowsOf<{ id: string }>(await db.execute(idsSql())).map((r) => r.id);
  /** The count, or the counts per stored status kept by the database when nothing but the state filters. */
  const countSql = (): SQL =>
    unfiltered && (!q.status || q.status === "FINALISED")
      ? sql`select coalesce(sum(${listTotals.count}), 0) from ${listTotals} where ${listTotals.list} = 'missions'${
          q.status ? sql` and ${listTotals.status} = 'FINALISED'` : sql``
        }`
      : sql`select count(*) from ${missions} where ${where ?? sql`true`}`;
  /**
   * A page in one statement (lib/page-in-one-statement.ts): its ids as a CTE, their rows as one JSON array
   * in the list's order, and the total, there even for a page past the last.
   */
  const page = (bounds: PageBounds & { upTo: number | SQL }, versioned?: { withTotal: boolean }) => {
    const chosen = db.$with("mission_page", { id: sql<string>`id` }).as(idsSql(bounds));
    return (
      db
        .with(chosen)
        // A versioned statement (a search) reads the missions' version, and counts only when asked.
        .select({ items: jsonTextsArray(rowText, order), ...totalWithVersion(countSql(), "missions", versioned) })
        .from(missions)
        .where(sql`${missions.id} in (select id from ${sql.identifier("mission_page")})`)
    );
  };
  return { select, ids, page, countSql, where, state: d.state };
}

/**
 * The values of a list or counts statement's parameters, by the names their builders give them (`derived`,
 * `scopeCondition`, `missionListQuery`, `searchCondition`): what a statement prepared for its shape is executed
 * with. Building the query again at each call only to record them cost the server more processor than the rest
 * of the page's work in JavaScript (docs/performance.md, 29 novembre, fin de nuit); a test holds both in step.
 * `walk`: a frequent word's statement, whose parameters are the words (`containsEveryWordIn`), not the patterns.
 */
export function statementValues(
  q: Omit<MissionListQuery, "page" | "pageSize">,
  scope: RecordScope,
  s: DeadlineSource,
  today: IsoDate,
  walk: boolean,
): Record<string, unknown> {
  const values: Record<string, unknown> = { today };
  if (s !== READ_BY_THE_STATEMENT) {
    values.preliminaryReportDays = String(s.preliminaryReportDays);
    values.observationsDays = String(s.observationsDays);
    values.finalReportDays = String(s.finalReportDays);
  }
  if (scope.kind === "client") values.scopeId = scope.clientId;
  if (scope.kind === "auditor") values.scopeId = scope.auditorId;
  if (q.auditorId) values.auditorId = q.auditorId;
  if (q.from) values.from = q.from;
  if (q.to) values.to = q.to;
  for (const [i, word] of (walk ? searchWords(q.search) : searchPatterns(q.search)).entries()) values[`w${i}`] = word;
  return values;
}

/** The values `missionListQuery` and `countsQuery` record as they build (the test of `statementValues`). */
export function recordedStatementValues(
  db: Executor,
  q: Omit<MissionListQuery, "page" | "pageSize">,
  scope: RecordScope,
  s: DeadlineSource,
  today: IsoDate,
  walk: boolean,
) {
  const list = recordedValues();
  missionListQuery(db, q, scope, s, today, list.param, walk).page({ limit: 50, offset: 0, upTo: 50 });
  const counts = recordedValues();
  countsQuery(db, q, scope, s, today, counts.param);
  return { list: list.values, counts: counts.values };
}

/** Which of the list's filters other than the state are set (their values are the statements' parameters). */
const filtersShape = (q: Omit<MissionListQuery, "page" | "pageSize">, scope: RecordScope) =>
  [scope.kind, Boolean(q.auditorId), Boolean(q.from), Boolean(q.to), searchPatterns(q.search).length].join(":");

/** How a statement takes the settings, in its shape: the two write different statements. */
const sourceShape = (s: DeadlineSource) => (s === READ_BY_THE_STATEMENT ? "read" : "given");

/**
 * The missions list, filtered, searched, sorted and paged in SQL: the page's rows as JSON, the total.
 * `settings` is read only for a search (see DeadlineSource); a page without one reads them in its statement.
 */
export async function listMissions(
  db: Executor,
  q: MissionListQuery,
  scope: RecordScope,
  settings: () => Promise<DeadlineSettings>,
  today: IsoDate,
): Promise<{ items: string; total: number }> {
  // The query is built at each call with its values recorded by name; its text is written and prepared once
  // per shape (lib/prepared-by-shape.ts): 1 ms of planning a page, and the server's compiling, saved.
  const offset = offsetOf(q);
  const bounds = { limit: pageSizeSql(q.pageSize), offset: offsetParam(), upTo: offsetParam("upTo") };
  const prepared = async (s: DeadlineSource, versioned?: { withTotal: boolean; walk: boolean }) => {
    const mode = versioned ? `${versioned.withTotal}:${versioned.walk}` : "";
    const shape = [filtersShape(q, scope), q.status ?? "", q.sort, q.direction, q.pageSize, mode, sourceShape(s)].join(
      ":",
    );
    const values = {
      ...statementValues(q, scope, s, today, versioned?.walk ?? false),
      offset,
      upTo: offset + q.pageSize,
    };
    return await preparedPages(db, shape, (name) =>
      missionListQuery(db, q, scope, s, today, namedPlaceholder, versioned?.walk).page(bounds, versioned).prepare(name),
    ).execute(values);
  };
  if (searchWords(q.search).length === 0) return jsonPageOf(await prepared(READ_BY_THE_STATEMENT));
  const s = await settings();
  // A search: its total remembered while the missions do not change (see searchKey), counted again when they do.
  // Its page is planned for its words (a generic plan guessed the same matches for any word, and sorted a frequent
  // one's thousands), but for a word counted frequent on the whole list: a walk of the sort's index, prepared.
  const alone = scope.kind === "all" && !q.auditorId && !q.from && !q.to && !q.status;
  return await searchedTotals.page(db, searchKey(q, scope, s, today), {
    page: async (withTotal, remembered) => {
      const walk = alone && walksTheSortIndex(remembered, await sizes.of(db, "all"), offset + q.pageSize);
      const rows = walk
        ? await prepared(s, { withTotal: false, walk: true })
        : await missionListQuery(db, q, scope, s, today).page(
            { limit: q.pageSize, offset, upTo: offset + q.pageSize },
            { withTotal },
          );
      return rows as VersionedRow<{ items: string; total: number | null }>[];
    },
    count: async () => await versionedCount(db, missionListQuery(db, q, scope, s, today).countSql(), "missions"),
  });
}

/** The number of missions (`walksTheSortIndex`), read once from the counts the database keeps. */
const sizes = listSizes(async (db) => {
  const [kept] = await db
    .select({ n: sql<string>`coalesce(sum(${listTotals.count}), 0)` })
    .from(listTotals)
    .where(eq(listTotals.list, "missions"));
  return Number(kept?.n ?? 0);
});

/**
 * A search's totals are remembered per missions version (lib/versioned-totals.ts): what a search reads is kept on
 * the mission (search_text, its team's names), so whatever changes it moves the version. A count by state also
 * depends on the day and the deadline settings, which are in the key. A frequent word ("ehpad", a quarter of
 * 50,000 missions) cost 55 ms to count at every page.
 */
const searchedTotals = versionedTotals();
const searchedCounts = versionedValues<Array<{ state: string; n: string }>>([]);
const searchKey = (
  q: Omit<MissionListQuery, "page" | "pageSize">,
  scope: RecordScope,
  s: DeadlineSettings,
  today: IsoDate,
) => JSON.stringify([scope, q.auditorId, q.from, q.to, q.status, today, s, searchWords(q.search)]);

const preparedPages =
  preparedByShape<ReturnType<ReturnType<ReturnType<typeof missionListQuery>["page"]>["prepare"]>>("mission_list_page");

/**
 * Every row of the list for the export, batch after batch in the list's order: the ids first, sorted,
 * then the details of each batch's ids (no OFFSET, which would compute every skipped row's derived
 * columns again; see clientListBatches).
 */
export async function* missionListBatches(
  db: Executor,
  q: Omit<MissionListQuery, "page" | "pageSize">,
  scope: RecordScope,
  s: DeadlineSettings,
  today: IsoDate,
  batchSize = 2_000,
): AsyncGenerator<MissionRow[]> {
  const { select, ids } = missionListQuery(db, q, scope, s, today);
  const ordered = await ids();
  for (let start = 0; start < ordered.length; start += batchSize) {
    const rows = await select(ordered.slice(start, start + batchSize));
    if (rows.length) yield rows;
  }
}

/**
 * How many missions in each state, with the list's other filters (scope, evaluator, period, search), in one
 * statement. Only the live missions' state is computed; the finalised ones are counted by their stored
 * status, or, with no filter, read from the counts the database keeps. Prepared once per shape, as the
 * list's pages are: built and planned at each call, it cost the server more than PostgreSQL spent counting.
 */
export async function countMissionsByState(
  db: Executor,
  q: Omit<MissionListQuery, "page" | "pageSize">,
  scope: RecordScope,
  settings: () => Promise<DeadlineSettings>,
  today: IsoDate,
) {
  if (searchWords(q.search).length === 0) {
    // Prepared only here, where the statement always reads the settings itself.
    const rows = await preparedCounts(db, filtersShape(q, scope), (name) =>
      countsQuery(db, q, scope, READ_BY_THE_STATEMENT, today, namedPlaceholder).prepare(name),
    ).execute(statementValues({ ...q, status: undefined }, scope, READ_BY_THE_STATEMENT, today, false));
    return countsByState(rows);
  }
  const s = await settings();
  const rows = await searchedCounts.get(db, searchKey({ ...q, status: undefined }, scope, s, today), {
    version: () => readVersion(db, "missions"),
    // The counts and the version read in one statement, one snapshot.
    compute: async () => {
      const counted = countsQuery(db, q, scope, s, today, boundValue);
      const value = sql<Array<{ state: string; n: string }>>`(select coalesce(json_agg(c), '[]') from (${counted}) c)`;
      return await db.select({ value, ...versionColumns("missions") }).from(sql`(select 1) as one`);
    },
  });
  return countsByState(rows);
}

const countsByState = (rows: Array<{ state: string; n: string }>) =>
  new Map<string, number>(rows.map((r) => [r.state, Number(r.n)]));

function countsQuery(
  db: Executor,
  q: Omit<MissionListQuery, "page" | "pageSize">,
  scope: RecordScope,
  s: DeadlineSource,
  today: IsoDate,
  param: StatementParam,
) {
  const { where, state } = missionListQuery(db, { ...q, status: undefined }, scope, s, today, param);
  // The list's own count of its FINALISED tab: kept by the database without other filters.
  const finalised = missionListQuery(db, { ...q, status: "FINALISED" }, scope, s, today, param).countSql();
  const counted = db
    .$with("mission_state_counts", {
      state: sql<string>`state`.as("state"),
      n: sql<string>`n`.as("n"),
    })
    .as(
      sql`select ${state} as state, count(*) as n from ${missions} where ${and(where, isLive)} group by 1
      union all select 'FINALISED', (${finalised})::bigint`,
    );
  return db.with(counted).select({ state: counted.state, n: counted.n }).from(counted);
}

const preparedCounts = preparedByShape<ReturnType<ReturnType<typeof countsQuery>["prepare"]>>("mission_state_counts");
