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

describe("versioned totals: calls at the same time", () => {
  const db = {} as Executor;
  /** Statements whose answers wait until `release()`, so that calls overlap as under load. */
  function slowStatements(state: { total: number; version: string; clean?: boolean }) {
    const fake = fakeStatements(state);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const statements: VersionedPageStatements = {
      page: async (withTotal, remembered) => {
        const answer = fake.statements.page(withTotal, remembered);
        await gate;
        return answer;
      },
      count: async () => {
        const answer = fake.statements.count();
        await gate;
        return answer;
      },
    };
    return { asked: fake.asked, statements, release: () => open() };
  }

  it("counts a view once for calls that ask for it while it is being counted", async () => {
    const totals = versionedTotals();
    const { asked, statements, release } = slowStatements({ total: 40, version: "5" });
    const calls = Array.from({ length: 5 }, () => totals.page(db, "ehpad", statements));
    release();
    expect((await Promise.all(calls)).map((c) => c.total)).toEqual([40, 40, 40, 40, 40]);
    expect(asked).toEqual([
      "page+count",
      "page (undefined)",
      "page (undefined)",
      "page (undefined)",
      "page (undefined)",
    ]);
  });

  it("counts once again after the version moved, for calls that overlap", async () => {
    const totals = versionedTotals();
    const state = { total: 40, version: "5" };
    await totals.page(db, "ehpad", fakeStatements(state).statements);
    state.total = 41;
    state.version = "6";
    const { asked, statements, release } = slowStatements(state);
    const first = totals.page(db, "ehpad", statements);
    // The first call's page is read (version 6 ≠ 5): it starts counting; the others read theirs meanwhile.
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const others = Array.from({ length: 3 }, () => totals.page(db, "ehpad", statements));
    expect((await Promise.all([first, ...others])).map((c) => c.total)).toEqual([41, 41, 41, 41]);
    expect(asked.filter((a) => a === "count")).toHaveLength(1);
  });

  it("does not take a count in flight made at another version, nor one that failed", async () => {
    const totals = versionedTotals();
    const { statements, release } = slowStatements({ total: 7, version: "1" });
    const counting = totals.page(db, "k", statements);
    // Meanwhile the list moved: this call's page is of version 2, the count in flight of version 1.
    const moved = fakeStatements({ total: 8, version: "2" });
    const later = totals.page(db, "k", moved.statements);
    release();
    expect((await counting).total).toBe(7);
    expect((await later).total).toBe(8);
    expect(moved.asked).toEqual(["page (undefined)", "count"]);

    const failing: VersionedPageStatements = {
      page: async () => {
        throw new Error("base indisponible");
      },
      count: async () => [],
    };
    const failed = totals.page(db, "f", failing);
    const after = fakeStatements({ total: 3, version: "1" });
    const waiting = totals.page(db, "f", after.statements);
    await expect(failed).rejects.toThrow("base indisponible");
    expect((await waiting).total).toBe(3);
    expect(after.asked).toEqual(["page (undefined)", "count"]);
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

  it("computes once for calls that ask while it is being computed", async () => {
    const values = versionedValues<string[]>([]);
    const asked: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const statements = {
      version: async () => {
        asked.push("version");
        return [{ version: "4", clean: true }];
      },
      compute: async () => {
        asked.push("compute");
        await gate;
        return [{ value: ["a"], version: "4", clean: true }];
      },
    };
    const calls = Array.from({ length: 4 }, () => values.get(db, "k", statements));
    open();
    expect(await Promise.all(calls)).toEqual([["a"], ["a"], ["a"], ["a"]]);
    expect(asked).toEqual(["compute", "version", "version", "version"]);
  });
});
