import type { DeadlineSettings, MissionListQuery, MissionSortKey, MissionState } from "@certidesk/shared";
import { and, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { auditors, clients, contracts, missions, missionTeamMembers } from "../../db/schema/index.js";
import { type IsoDate, sqlDate } from "../../lib/clock.js";
import { offsetOf } from "../../lib/pagination.js";
import type { RecordScope } from "../../lib/policy.js";
import { foldedSql, matchEveryWord } from "../../lib/search-text.js";

/**
 * The deadlines and the state of a mission in SQL, against today's date given as a parameter: the
 * same rules as packages/shared/src/missions/deadlines.ts (keep both in step).
 */
function derived(s: DeadlineSettings, today: IsoDate) {
  const t = sqlDate(today);
  const preliminaryDue = sql<string | null>`(${missions.lastDay} + ${s.preliminaryReportDays}::int)`;
  const observationsDue = sql<string | null>`(${missions.preliminarySentAt} + ${s.observationsDays}::int)`;
  const finalDue = sql<
    string | null
  >`(coalesce(${missions.observationsReceivedAt}, ${missions.preliminarySentAt} + ${s.observationsDays}::int) + ${s.finalReportDays}::int)`;
  const late = sql`((${missions.preliminaryUploadedAt} is null and ${t} > ${preliminaryDue}) or (${missions.finalReportAt} is null and ${finalDue} is not null and ${t} > ${finalDue}))`;
  const state = sql<MissionState>`case
    when ${missions.status} = 'FINALISED' then 'FINALISED'
    when ${missions.lastDay} is null then 'TO_PLAN'
    when ${missions.lastDay} >= ${t} then 'PLANNED'
    when ${late} then 'REPORT_LATE'
    else 'VISIT_PAST' end`;
  return { preliminaryDue, observationsDue, finalDue, state };
}

const teamNames = sql<string>`coalesce((select string_agg(a.first_name || ' ' || a.last_name, ', ' order by tm.role, a.last_name) from ${missionTeamMembers} tm join ${auditors} a on a.id = tm.auditor_id where tm.mission_id = ${missions.id}), '')`;

const onTeam = (auditorId: string) =>
  sql`exists (select 1 from ${missionTeamMembers} tm where tm.mission_id = ${missions.id} and tm.auditor_id = ${auditorId})`;

function scopeCondition(scope: RecordScope): SQL | undefined {
  if (scope.kind === "all") return undefined;
  if (scope.kind === "client") return eq(missions.clientId, scope.clientId);
  if (scope.kind === "auditor") return onTeam(scope.auditorId);
  return sql`false`;
}

function searchCondition(search: string | undefined): SQL | undefined {
  return matchEveryWord(search, (pattern) =>
    or(
      ilike(foldedSql(clients.raisonSocial), pattern),
      ilike(foldedSql(sql`coalesce(${clients.city}, '')`), pattern),
      ilike(sql`coalesce(${clients.postalCode}, '')`, pattern),
      ilike(sql`coalesce(${clients.finess}, '')`, pattern),
      ilike(contracts.number, pattern),
      ilike(foldedSql(teamNames), pattern),
    ),
  );
}

export type MissionListRow = Awaited<ReturnType<ReturnType<typeof missionListQuery>["select"]>>[number];

function missionListQuery(
  db: Executor,
  q: Omit<MissionListQuery, "page" | "pageSize">,
  scope: RecordScope,
  s: DeadlineSettings,
  today: IsoDate,
) {
  const d = derived(s, today);
  const where = and(
    scopeCondition(scope),
    q.status ? sql`${d.state} = ${q.status}` : undefined,
    q.auditorId ? onTeam(q.auditorId) : undefined,
    q.from ? sql`${missions.lastDay} >= ${sqlDate(q.from)}` : undefined,
    q.to ? sql`${missions.firstDay} <= ${sqlDate(q.to)}` : undefined,
    searchCondition(q.search),
  );
  const sorts: Record<MissionSortKey, SQL> = {
    firstDay: sql`${missions.firstDay}`,
    raisonSocial: sql`lower(${foldedSql(clients.raisonSocial)})`,
    status: sql`array_position(array['TO_PLAN','PLANNED','VISIT_PAST','REPORT_LATE','FINALISED']::text[], ${d.state})`,
    kind: sql`${missions.kind}`,
    preliminaryReportDue: sql`${d.preliminaryDue}`,
  };
  const direction = q.direction === "desc" ? sql`desc` : sql`asc`;
  const order = [sql`${sorts[q.sort]} ${direction} nulls last`, clients.raisonSocial, missions.id];
  const select = (only?: SQL) =>
    db
      .select({
        id: missions.id,
        clientId: missions.clientId,
        raisonSocial: clients.raisonSocial,
        postalCode: clients.postalCode,
        city: clients.city,
        contractId: missions.contractId,
        contractNumber: contracts.number,
        kind: missions.kind,
        remote: missions.remote,
        groupId: missions.groupId,
        status: d.state,
        firstDay: missions.firstDay,
        lastDay: missions.lastDay,
        team: teamNames,
        preliminaryReportDue: d.preliminaryDue,
        finalReportDue: d.finalDue,
      })
      .from(missions)
      .innerJoin(clients, eq(clients.id, missions.clientId))
      .innerJoin(contracts, eq(contracts.id, missions.contractId))
      .where(and(where, only))
      .orderBy(...order);
  /** The ids alone, in the list's order (the export reads them first). */
  const ids = () =>
    db
      .select({ id: missions.id })
      .from(missions)
      .innerJoin(clients, eq(clients.id, missions.clientId))
      .innerJoin(contracts, eq(contracts.id, missions.contractId))
      .where(where)
      .orderBy(...order);
  const total = () =>
    db
      .select({ n: count() })
      .from(missions)
      .innerJoin(clients, eq(clients.id, missions.clientId))
      .innerJoin(contracts, eq(contracts.id, missions.contractId))
      .where(where);
  return { select, ids, total, where, state: d.state };
}

/** The missions list, filtered, searched, sorted and paged in SQL. */
export async function listMissions(
  db: Executor,
  q: MissionListQuery,
  scope: RecordScope,
  s: DeadlineSettings,
  today: IsoDate,
) {
  const { select, total } = missionListQuery(db, q, scope, s, today);
  const rows = await select().limit(q.pageSize).offset(offsetOf(q));
  const [n] = await total();
  return { rows, total: Number(n?.n ?? 0) };
}

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
): AsyncGenerator<MissionListRow[]> {
  const { select, ids } = missionListQuery(db, q, scope, s, today);
  const ordered = (await ids()).map((r) => r.id);
  for (let start = 0; start < ordered.length; start += batchSize) {
    const rows = await select(inArray(missions.id, ordered.slice(start, start + batchSize)));
    if (rows.length) yield rows;
  }
}

/** How many missions in each state, with the list's other filters (scope, evaluator, period, search). */
export async function countMissionsByState(
  db: Executor,
  q: Omit<MissionListQuery, "page" | "pageSize">,
  scope: RecordScope,
  s: DeadlineSettings,
  today: IsoDate,
) {
  const { where, state } = missionListQuery(db, { ...q, status: undefined }, scope, s, today);
  const rows = await db
    .select({ state, n: count() })
    .from(missions)
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .innerJoin(contracts, eq(contracts.id, missions.contractId))
    .where(where)
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.state, Number(r.n)]));
}
