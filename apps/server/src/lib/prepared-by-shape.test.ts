import { describe, expect, it } from "vitest";
import type { Executor } from "../db/client.js";
import { preparedByShape } from "./prepared-by-shape.js";

describe("statements prepared per shape", () => {
  it("prepares a shape once per database, never reuses a name, and starts again past its size", () => {
    const statements = preparedByShape<string>("list_page", 2);
    const [one, two] = [{}, {}] as unknown as Executor[];
    const prepared: string[] = [];
    const get = (db: Executor, shape: string) =>
      statements(db, shape, (name) => {
        prepared.push(name);
        return `${shape} as ${name}`;
      });
    expect(get(one as Executor, "a")).toBe("a as list_page_1");
    expect(get(one as Executor, "a")).toBe("a as list_page_1");
    expect(get(two as Executor, "a")).toBe("a as list_page_1");
    expect(get(one as Executor, "b")).toBe("b as list_page_2");
    // A third shape: the cache starts again; "a" is prepared anew under a name of its own.
    expect(get(one as Executor, "c")).toBe("c as list_page_3");
    expect(get(one as Executor, "a")).toBe("a as list_page_4");
    expect(prepared).toEqual(["list_page_1", "list_page_1", "list_page_2", "list_page_3", "list_page_4"]);
  });
});
