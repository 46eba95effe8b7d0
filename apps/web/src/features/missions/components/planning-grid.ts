import type { MissionPlanning } from "@certidesk/shared";

/** Today in Paris, as the board's default month and its "today" column. */
export const todayIso = () => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Paris" }).format(new Date());

export const monthOf = (day: string) => day.slice(0, 7);

/** The month before or after "2026-12" → "2026-11" / "2027-01". */
export function shiftMonth(month: string, delta: number): string {
  const [y = 1970, m = 1] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/** Every day of the period, with its weekday (0 Sunday … 6 Saturday). */
export function daysOf(from: string, to: string) {
  const days: Array<{ day: string; weekday: number; date: number }> = [];
  for (let d = new Date(`${from}T12:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1))
    days.push({ day: d.toISOString().slice(0, 10), weekday: d.getUTCDay(), date: d.getUTCDate() });
  return days;
}

/** Calendar days between two ISO dates (b − a). */
export function dayDiff(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / 86_400_000);
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export type Booking = MissionPlanning["bookings"][number];
export type Conflict = MissionPlanning["conflicts"][number];

/** The board's cells looked up in one pass: bookings, unavailability and conflicts by evaluator and day. */
export function indexPlanning(p: MissionPlanning) {
  const key = (auditorId: string, day: string) => `${auditorId}|${day}`;
  const bookings = new Map<string, Booking[]>();
  for (const b of p.bookings)
    for (const day of b.days) {
      const k = key(b.auditorId, day);
      bookings.set(k, [...(bookings.get(k) ?? []), b]);
    }
  const unavailable = new Set<string>();
  for (const u of p.unavailability)
    for (let d = u.from; d <= u.to; d = addDays(d, 1)) unavailable.add(key(u.auditorId, d));
  const conflicts = new Map<string, Conflict[]>();
  for (const c of p.conflicts) {
    const k = key(c.auditorId, c.day);
    conflicts.set(k, [...(conflicts.get(k) ?? []), c]);
  }
  const conflictCount = new Map<string, number>();
  for (const c of p.conflicts) conflictCount.set(c.auditorId, (conflictCount.get(c.auditorId) ?? 0) + 1);
  return {
    bookingsAt: (auditorId: string, day: string) => bookings.get(key(auditorId, day)) ?? [],
    isUnavailable: (auditorId: string, day: string) => unavailable.has(key(auditorId, day)),
    conflictsAt: (auditorId: string, day: string) => conflicts.get(key(auditorId, day)) ?? [],
    conflictCount: (auditorId: string) => conflictCount.get(auditorId) ?? 0,
  };
}
