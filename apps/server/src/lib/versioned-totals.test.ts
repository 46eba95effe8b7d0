import { describe, expect, it } from "vitest";
import type { Executor } from "../db/client.js";
import { type VersionedPageStatements, versionedTotals, versionedValues } from "./versioned-totals.js";

/** Statements that answer what the test says the database holds, and record what was asked. */
function fakeStatements(state: { total: number; version: string | null; clean?: boolean }) {
  const asked: string[] = [];
  const statements: VersionedPageStatements = {
    page: async (withTotal, remembered) => {
      asked.push(withTotal ? "page+count" : `page (${remembered})`);
      const row = { items: "[]", version: state.version, clean: state.clean ?? true };
      return [withTotal ? { ...row, total: state.total } : { ...row, total: null }];
    },
    count: async () => {
      asked.push("count");
      return [{ total: state.total, version: state.version, clean: state.clean ?? true }];
    },
  };
  return { asked, statements };
}

describe("versioned totals", () => {
  const db = {} as Executor;

  it("counts once, then reuses the total while the version holds, and counts again when it moves", async () => {
    const totals = versionedTotals();
    const state = { total: 12, version: "7" };
    const { asked, statements } = fakeStatements(state);
    expect(await totals.page(db, "ehpad", statements)).toEqual({ items: "[]", total: 12 });
    expect(await totals.page(db, "ehpad", statements)).toEqual({ items: "[]", total: 12 });
    state.total = 13;
    state.version = "9";
    expect((await totals.page(db, "ehpad", statements)).total).toBe(13);
    expect((await totals.page(db, "ehpad", statements)).total).toBe(13);
    expect(asked).toEqual(["page+count", "page (12)", "page (12)", "count", "page (13)"]);
  });

  it("keeps nothing counted inside a transaction that wrote, nor without a version", async () => {
    const totals = versionedTotals();
    const dirty = fakeStatements({ total: 5, version: "3", clean: false });
    expect((await totals.page(db, "k", dirty.statements)).total).toBe(5);
    const clean = fakeStatements({ total: 4, version: "3" });
    expect((await totals.page(db, "k", clean.statements)).total).toBe(4);
    expect(clean.asked).toEqual(["page+count"]);
    // A hit read inside a writing transaction counts again.
    const dirtyAgain = fakeStatements({ total: 6, version: "3", clean: false });
    expect((await totals.page(db, "k", dirtyAgain.statements)).total).toBe(6);
    expect(dirtyAgain.asked).toEqual(["page (4)", "count"]);
    // No version row (a base just restored): counted every time.
    const unversioned = fakeStatements({ total: 2, version: null });
    await totals.page(db, "u", unversioned.statements);
    await totals.page(db, "u", unversioned.statements);
    expect(unversioned.asked).toEqual(["page+count", "page+count"]);
  });

  it("is per database and forgets the view read longest ago past its bound", async () => {
    const totals = versionedTotals(2);
    const other = {} as Executor;
    const { asked, statements } = fakeStatements({ total: 1, version: "1" });
    await totals.page(db, "a", statements);
    await totals.page(other, "a", statements);
    await totals.page(db, "b", statements);
    await totals.page(db, "a", statements); // a read again: b is now the oldest
    await totals.page(db, "c", statements); // b forgotten
    await totals.page(db, "a", statements);
    await totals.page(db, "b", statements);
    expect(asked).toEqual([
      "page+count",
      "page+count",
      "page+count",
      "page (1)",
      "page+count",
      "page (1)",
      "page+count",
    ]);
  });
});

describe("versioned values", () => {
  const db = {} as Executor;

  it("computes once, reads only the version while it holds, computes again when it moves or the reading wrote", async () => {
    const values = versionedValues<string[]>([]);
    const state = { value: ["a"], version: "1" as string | null, clean: true };
    const asked: string[] = [];
    const statements = {
      version: async () => {
        asked.push("version");
        return [{ version: state.version, clean: state.clean }];
      },
      compute: async () => {
        asked.push("compute");
        return [{ value: state.value, version: state.version, clean: state.clean }];
      },
    };
    expect(await values.get(db, "k", statements)).toEqual(["a"]);
    expect(await values.get(db, "k", statements)).toEqual(["a"]);
    state.value = ["b"];
    state.version = "2";
    expect(await values.get(db, "k", statements)).toEqual(["b"]);
    state.clean = false;
    state.value = ["c"];
    expect(await values.get(db, "k", statements)).toEqual(["c"]);
    // Committed, the write moved the version.
    state.clean = true;
    state.version = "3";
    expect(await values.get(db, "k", statements)).toEqual(["c"]);
    expect(await values.get(db, "k", statements)).toEqual(["c"]);
    expect(asked).toEqual([
      "compute",
      "version",
      "version",
      "compute",
      "version",
      "compute",
      "version",
      "compute",
      "version",
    ]);
  });
});
