import { DEFAULT_DEADLINE_SETTINGS, type MissionListQuery } from "@certidesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import type { RecordScope } from "../../lib/policy.js";
import {
  type DeadlineSource,
  READ_BY_THE_STATEMENT,
  recordedStatementValues,
  statementValues,
} from "./mission-list.repository.js";

/**
 * A mission list's statements are prepared once per shape and executed with values computed apart
 * (`statementValues`), not recorded by building the query at each call: both must give the same names and values,
 * or a page would run with a parameter missing or stale.
 */
describe("mission list: the values of a prepared statement", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const settings = {
    ...DEFAULT_DEADLINE_SETTINGS,
    preliminaryReportDays: 41,
    observationsDays: 17,
    finalReportDays: 23,
  };
  const scopes: RecordScope[] = [
    { kind: "all" },
    { kind: "client", clientId: "6f0c1c1e-9d55-4c4e-8d0a-3c2f1e0b9a11" },
    { kind: "auditor", auditorId: "0b8e7a52-54a4-4a4d-9f52-8b7c1f3e2d10" },
  ];
  const queries: Array<Omit<MissionListQuery, "page" | "pageSize">> = [
    { sort: "firstDay", direction: "asc" },
    { sort: "status", direction: "desc", status: "PLANNED" },
    { sort: "raisonSocial", direction: "asc", search: "Ehpad  Tilleuls", status: "REPORT_LATE" },
    {
      sort: "kind",
      direction: "desc",
      auditorId: "5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      from: "2026-01-01",
      to: "2026-12-31",
      search: "cèdres",
    },
  ];

  it("gives every parameter its builder records, with the same value, for every scope, filter and search", () => {
    for (const s of [settings, READ_BY_THE_STATEMENT] as DeadlineSource[])
      for (const scope of scopes)
        for (const q of queries)
          for (const walk of [false, true]) {
            const recorded = recordedStatementValues(ctx.handle.db, q, scope, s, "2026-11-29", walk);
            const computed = statementValues(q, scope, s, "2026-11-29", walk);
            const label = JSON.stringify({ s, scope, q, walk });
            expect(recorded.list, label).toEqual(computed);
            expect(recorded.counts, label).toEqual(
              statementValues({ ...q, status: undefined }, scope, s, "2026-11-29", false),
            );
          }
  });
});
