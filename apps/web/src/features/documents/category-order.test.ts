import { describe, expect, it } from "vitest";
import { moveCategory, nextPosition } from "./category-order";

const list = [
  { id: "a", name: "Référentiels", position: 0 },
  { id: "b", name: "Procédures", position: 1 },
  { id: "c", name: "Modèles", position: 2 },
];

describe("moveCategory", () => {
  it("swaps a category with its neighbour", () => {
    const updates = moveCategory(list, "c", -1);
    expect(updates.map((u) => [u.category.id, u.position])).toEqual([
      ["c", 1],
      ["b", 2],
    ]);
  });

  it("does nothing past either end", () => {
    expect(moveCategory(list, "a", -1)).toEqual([]);
    expect(moveCategory(list, "c", 1)).toEqual([]);
    expect(moveCategory(list, "inconnue", 1)).toEqual([]);
  });

  it("renumbers categories that share a position", () => {
    const tied = [
      { id: "a", position: 0 },
      { id: "b", position: 0 },
      { id: "c", position: 0 },
    ];
    const updates = moveCategory(tied, "a", 1);
    expect(updates.map((u) => [u.category.id, u.position])).toEqual([
      ["a", 1],
      ["c", 2],
    ]);
  });
});

describe("nextPosition", () => {
  it("puts a new category last", () => {
    expect(nextPosition(list)).toBe(3);
    expect(nextPosition([])).toBe(0);
  });
});
