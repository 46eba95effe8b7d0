import { describe, expect, it } from "vitest";
import type { DataTableColumn } from "../data-table/types";
import { applyColumns, columnChoices, columnsParam, showsView, viewAddress, viewQuery } from "./view-address";

type Row = { id: string };
const columns: DataTableColumn<Row>[] = [
  { key: "name", title: "Nom" },
  { key: "city", title: "Ville" },
  { key: "status", title: "Statut" },
  { key: "actions", title: "Actions", isAction: true },
];

describe("view address", () => {
  it("keeps filters, sort and search, not the page nor the columns, in a stable order", () => {
    expect(viewQuery("?tri=-city&page=3&q=ehpad&colonnes=city,name")).toBe("q=ehpad&tri=-city");
    expect(viewAddress("q=ehpad", ["city", "name"])).toBe("?q=ehpad&colonnes=city%2Cname");
    expect(viewAddress("", null)).toBe("");
    // The alerts keep their alert page in `page` and their page number in `numero`.
    expect(viewQuery("?page=alert-feb&numero=2", "numero")).toBe("page=alert-feb");
  });

  it("recognises the address of a view whatever its page, and tells different columns apart", () => {
    const view = { query: "q=ehpad&tri=-city", columns: ["city", "name"] };
    expect(showsView("?tri=-city&q=ehpad&page=2&colonnes=city,name", view)).toBe(true);
    expect(showsView("?tri=-city&q=ehpad&colonnes=name,city", view)).toBe(false);
    expect(showsView("?tri=-city&q=ehpad", view)).toBe(false);
  });

  it("shows the chosen columns in their order, the row's buttons always last", () => {
    expect(applyColumns(columns, ["city", "name"]).map((c) => c.key)).toEqual(["city", "name", "actions"]);
    expect(applyColumns(columns, null)).toBe(columns);
    expect(applyColumns(columns, ["gone"]).map((c) => c.key)).toEqual(["name", "city", "status", "actions"]);
  });

  it("keeps a hidden column in its place, and forgets a choice equal to the list's own", () => {
    const address = new URLSearchParams("colonnes=status,-city,name");
    const choices = columnChoices(columns, address);
    expect(choices.map((c) => `${c.key}:${c.shown}`)).toEqual(["status:true", "city:false", "name:true"]);
    expect(applyColumns(columns, ["status", "name"]).map((c) => c.key)).toEqual(["status", "name", "actions"]);
    expect(columnsParam(choices, ["name", "city", "status"])).toBe("status,-city,name");
    expect(columnsParam(columnChoices(columns, new URLSearchParams()), ["name", "city", "status"])).toBeNull();
    // A view names only its shown columns: the others come last, hidden.
    const fromView = columnChoices(columns, new URLSearchParams("colonnes=city"));
    expect(fromView.map((c) => `${c.key}:${c.shown}`)).toEqual(["city:true", "name:false", "status:false"]);
  });
});
