/**
 * The clock the evaluators' module reads "today" from (visit days, document validity). Same shape
 * as lib/clock.ts of the foundations; tests pass a fixed one.
 */
export interface Clock {
  now(): Date;
  today(): string;
}
const paris = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Paris" });
export const systemClock: Clock = { now: () => new Date(), today: () => paris.format(new Date()) };
