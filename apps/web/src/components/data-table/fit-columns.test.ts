import { describe, expect, it } from "vitest";
import { CARD_LAYOUT_BELOW, fitColumns, tableMinWidth } from "./fit-columns";
import type { DataTableColumn } from "./types";

type Row = Record<string, unknown>;
const columns: DataTableColumn<Row>[] = [
  { key: "name", title: "Nom" },
  { key: "city", title: "Ville", width: 150, priority: 2 },
  { key: "status", title: "Statut", width: 120 },
  { key: "contact", title: "Contact", width: 150, priority: 3 },
  { key: "created", title: "Créé le", width: 100, priority: 2 },
  { key: "due", title: "Échéance", width: 100, priority: 1 },
  { key: "actions", title: "", width: 90, actions: ["COMMENT"] },
];
const keys = (width: number | null) => fitColumns(columns, width).columns.map((c) => c.key);

describe("fitColumns", () => {
  it("shows every column while the frame's width is unknown, or when they fit", () => {
    expect(keys(null)).toHaveLength(columns.length);
    expect(keys(tableMinWidth(columns))).toHaveLength(columns.length);
    expect(fitColumns(columns, 700).overflow).toBe(false);
  });

  it("drops the highest priority number first, the rightmost first among equals, never the actions", () => {
    expect(keys(tableMinWidth(columns) - 1)).toEqual(["name", "city", "status", "created", "due", "actions"]);
    expect(keys(700)).toEqual(["name", "city", "status", "due", "actions"]);
    expect(keys(CARD_LAYOUT_BELOW + 10)).toEqual(["name", "status", "due", "actions"]);
  });

  it("keeps the columns without a priority even when they do not fit: the frame scrolls", () => {
    const wide = columns.map((c) => (c.key === "status" ? { ...c, width: 400 } : c));
    const fitted = fitColumns(wide, CARD_LAYOUT_BELOW);
    expect(fitted).toMatchObject({ cards: false, overflow: true });
    expect(fitted.columns.map((c) => c.key)).toEqual(["name", "status", "actions"]);
    expect(tableMinWidth(fitted.columns)).toBeGreaterThan(CARD_LAYOUT_BELOW);
  });

  it("turns rows into cards under CARD_LAYOUT_BELOW, with the key columns", () => {
    const fitted = fitColumns(columns, 390);
    expect(fitted.cards).toBe(true);
    expect(fitted.columns.map((c) => c.key)).toEqual(["name", "status", "due", "actions"]);
  });
});
