import { randomUUID } from "node:crypto";
import { addDaysToInstant } from "../lib/clock.js";

/** A seeded generator, so the demo is the same at every load (screenshots, tests, support). */
export function createRandom(seed = 20260301) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  const weighted = <T extends { weight: number }>(items: readonly T[]): T => {
    const total = items.reduce((s, i) => s + i.weight, 0);
    let r = next() * total;
    for (const item of items) {
      r -= item.weight;
      if (r < 0) return item;
    }
    return items[items.length - 1] as T;
  };
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join("");
  return { next, int, pick, chance, weighted, digits };
}
export type Random = ReturnType<typeof createRandom>;

export const uuid = () => randomUUID();

/** Instants moved by whole days: the one implementation is lib/clock.ts. */
export const addDays = addDaysToInstant;
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** Moves a date off the weekend (visits and signatures happen on working days). */
export function workingDay(date: Date): Date {
  const d = date.getUTCDay();
  return d === 6 ? addDays(date, 2) : d === 0 ? addDays(date, 1) : date;
}

/** Inserts rows in chunks, so one statement never carries too many parameters. */
export async function insertChunked<T>(insert: (rows: T[]) => Promise<unknown>, rows: T[], size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}
