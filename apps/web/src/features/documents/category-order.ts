export interface Positioned {
  id: string;
  position: number;
}

/**
 * Moves one category up or down its family's list and renumbers the list 0, 1, 2…; returns only
 * the categories whose position changes. Renumbering (rather than swapping two positions)
 * also settles ties, since new categories all start at position 0.
 */
export function moveCategory<T extends Positioned>(sorted: readonly T[], id: string, delta: -1 | 1) {
  const from = sorted.findIndex((c) => c.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= sorted.length) return [];
  const order = [...sorted];
  const [moved] = order.splice(from, 1);
  if (!moved) return [];
  order.splice(to, 0, moved);
  return order.flatMap((category, index) => (category.position === index ? [] : [{ category, position: index }]));
}

/** The next position at the end of a family's list. */
export const nextPosition = (categories: readonly Positioned[]) =>
  categories.reduce((max, c) => Math.max(max, c.position + 1), 0);
