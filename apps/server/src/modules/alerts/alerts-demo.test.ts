import path from "node:path";
import { ALERT_PAGES, type AlertPageSummary, PROFILE_TYPES, type ProfileType } from "@certidesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { fixedClock, parisDate } from "../../lib/clock.js";
import { createLocalStorage } from "../../lib/storage/index.js";
import { createBackupSchedule } from "../backups/index.js";
import { ALERT_RULES } from "./registry.js";

type Page = {
  items: Array<{ id: string; alertType: string; link: string; raisonSocial: string | null }>;
  total: number;
};

/**
 * On the demo base, for every profile and every page: the page's Count, its list's total, the
 * number of rows it returns and its tab in the summary are one number.
 */
describe("alert pages on the demo data", () => {
  let ctx: TestContext;
  const sessions = new Map<ProfileType, Session>();
  beforeAll(async () => {
    ctx = await createTestApp({ config: { demoData: true } });
    for (const profile of PROFILE_TYPES as readonly ProfileType[])
      sessions.set(profile, await signIn(ctx, (await buildUser(ctx.handle.db, profile)).identifier));
  }, 180_000);
  afterAll(() => ctx.close());

  const get = async (profile: ProfileType, url: string) => {
    const response = await ctx.app.inject({ url, headers: sessions.get(profile)?.bearer });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };

  it("answers every page's Count with its list's total, for every profile", async () => {
    for (const profile of PROFILE_TYPES as readonly ProfileType[]) {
      const pages = (await get(profile, "/api/alerts/summary")) as AlertPageSummary[];
      const summary = new Map(pages.map((s) => [s.code, s.count]));
      const types = new Map(pages.map((s) => [s.code, s.types]));
      for (const page of ALERT_PAGES) {
        const list = (await get(profile, `/api/alerts/getAlert${page.apiName}?pageSize=1000`)) as Page;
        const { count } = (await get(profile, `/api/alerts/getAlert${page.apiName}Count`)) as { count: number };
        const label = `${profile} ${page.label}`;
        expect(list.total, label).toBe(count);
        expect(list.items.length, label).toBe(Math.min(count, 1000));
        expect(summary.get(page.code) ?? 0, label).toBe(count);
        expect(new Set(list.items.map((i) => i.id)).size, `${label}: unique ids`).toBe(list.items.length);
        // The type filter's counts: each type's Count, adding up to the page's.
        for (const type of types.get(page.code) ?? []) {
          const one = (await get(profile, `/api/alerts/getAlert${page.apiName}Count?alertType=${type.alertType}`)) as {
            count: number;
          };
          expect(one.count, `${label} ${type.alertType}`).toBe(type.count);
        }
        expect(
          (types.get(page.code) ?? []).reduce((n, t) => n + t.count, 0),
          label,
        ).toBe(summary.get(page.code) ?? 0);
      }
      if (profile === "AUDITEUR" || profile === "MYQUALIANOR") expect(summary.size, profile).toBe(0);
    }
  });

  it("shows every page and every rule of pages Demandes to Dates to the direction", async () => {
    // The demo's daily backup, taken with a disk short of space: the backups' alert is one of the Dates page's.
    const schedule = createBackupSchedule({
      handle: ctx.handle,
      scheduled: true,
      storage: createLocalStorage(path.join(ctx.config.dataDir, "files")),
      dataDir: ctx.config.dataDir,
      clock: fixedClock(`${parisDate(new Date())}T10:00:00Z`),
      freeSpace: async () => 100 * 1024 ** 2,
    });
    expect(await schedule.runDue()).toBe("ok");
    const counts = (await get("DIR", "/api/alerts/summary")) as Array<{ code: string; count: number }>;
    const mine = ["ALERT_DEMAND", "ALERT_FEB", "ALERT_EVALUATEUR", "ALERT_LIEN", "ALERT_PLANIFICATION", "ALERT_DATE"];
    const empty = counts.filter((c) => mine.includes(c.code) && c.count === 0).map((c) => c.code);
    expect(empty).toEqual([]);
    const seen = new Set<string>();
    for (const page of ALERT_PAGES) {
      const list = (await get("DIR", `/api/alerts/getAlert${page.apiName}?pageSize=1000`)) as Page;
      for (const item of list.items) {
        seen.add(item.alertType);
        expect(item.link, item.id).toMatch(/^\/app\//);
      }
    }
    // The FEB PDF is generated from the contract screen, never by the demo; a surveillance window needs a
    // certificate of 13 months, older than any demo audit (demo-certification.ts). Both rules are tested alone.
    const silent = ALERT_RULES.filter((r) => mine.includes(r.page) && !seen.has(r.code)).map((r) => r.code);
    expect(silent.sort()).toEqual(["cert-surveillance-window", "feb-to-regenerate"]);
  });

  it("pages and searches in SQL: every word, accents ignored", async () => {
    const all = (await get("DIR", "/api/alerts/getAlertDate?pageSize=1000")) as Page;
    const second = (await get("DIR", "/api/alerts/getAlertDate?pageSize=2&page=2")) as Page;
    expect(second.total).toBe(all.total);
    expect(second.items.map((i) => i.id)).toEqual(all.items.slice(2, 4).map((i) => i.id));
    const named = all.items.find((i) => i.raisonSocial && /\s/.test(i.raisonSocial));
    if (!named?.raisonSocial) return;
    const words = named.raisonSocial.split(/\s+/).reverse().join(" ").toUpperCase();
    const found = (await get("DIR", `/api/alerts/getAlertDate?search=${encodeURIComponent(words)}`)) as Page;
    expect(found.items.map((i) => i.id)).toContain(named.id);
    const { count } = (await get("DIR", `/api/alerts/getAlertDateCount?search=${encodeURIComponent(words)}`)) as {
      count: number;
    };
    expect(count).toBe(found.total);
  });
});
