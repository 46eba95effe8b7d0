import {
  MISSION_KIND_LABELS,
  MISSION_ROLE_LABELS,
  type MissionKind,
  type MissionRole,
  timeSlotById,
} from "@certidesk/shared";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.js";
import {
  auditors,
  calendarFeedTokens,
  clients,
  missionDays,
  missions,
  missionTeamMembers,
} from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import type { Clock } from "../../lib/clock.js";
import { notFound } from "../../lib/errors.js";
import type { MissionLinks } from "./mission-links.js";

const NOT_FOUND = "Évaluateur introuvable.";

/** The instant of a wall-clock time in Paris ("2026-04-07", 8, 30 → 06:30Z in summer). */
export function parisInstant(day: string, hours: number, minutes: number): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hours, minutes);
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Paris",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(guess));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return new Date(guess - (wall - guess));
}

/** Start and end of a time slot ("8h30-12h00 et 13h30-18h00" → 8:30 to 18:00). */
export function slotBounds(value: string): { start: [number, number]; end: [number, number] } {
  const times = [...value.matchAll(/(\d{1,2})h(\d{2})/g)].map((m) => [Number(m[1]), Number(m[2])] as [number, number]);
  return { start: times[0] ?? [9, 0], end: times.at(-1) ?? [17, 0] };
}

const icsText = (text: string) =>
  text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
const icsInstant = (d: Date) => `${d.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
/** RFC 5545 folds lines longer than 75 octets. */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 74;
    while (Buffer.byteLength(rest.slice(0, cut)) > 74) cut--;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join("\r\n");
}

/**
 * An evaluator's private calendar feed of their visit days: a secret link (given by
 * GET /api/auditors/{id}/calendar-link, renewable, which revokes the previous one), read by their
 * calendar application without a session.
 */
export function createCalendarFeed({
  db,
  clock,
  missionLinks,
}: {
  db: Database;
  clock: Clock;
  missionLinks: MissionLinks;
}) {
  function authorizeSelf(actor: Actor, auditorId: string) {
    if (actor.profileType !== "AUDITEUR" || actor.auditorId !== auditorId) throw notFound(NOT_FOUND);
  }
  const activeFeed = async (ex: Executor, auditorId: string) =>
    (
      await ex
        .select()
        .from(calendarFeedTokens)
        .where(and(eq(calendarFeedTokens.auditorId, auditorId), isNull(calendarFeedTokens.revokedAt)))
    )[0];
  const lockAuditor = (tx: Executor, auditorId: string) =>
    tx.select({ id: auditors.id }).from(auditors).where(eq(auditors.id, auditorId)).for("update");

  return {
    /**
     * The evaluator's link, created by the first request. Creating and renewing lock the evaluator's row, so
     * simultaneous first requests create one link, which the others then read; the unique index of the active
     * link (migration 0060) makes a second one impossible anyway.
     */
    async link(actor: Actor, auditorId: string) {
      authorizeSelf(actor, auditorId);
      const feed =
        (await activeFeed(db, auditorId)) ??
        (await db.transaction(async (tx) => {
          await lockAuditor(tx, auditorId);
          return (
            (await activeFeed(tx, auditorId)) ??
            (await tx.insert(calendarFeedTokens).values({ auditorId, createdAt: clock.now() }).returning())[0]
          );
        }));
      if (!feed) throw new Error("calendar feed not created");
      return { url: missionLinks.calendarUrl(feed.id) };
    },

    /** A new link; the previous one stops working at once. */
    async renew(actor: Actor, auditorId: string, requestId?: string) {
      authorizeSelf(actor, auditorId);
      const feed = await db.transaction(async (tx) => {
        // One creation or renewal of an evaluator's link at a time: the next one sees the link this one creates.
        await lockAuditor(tx, auditorId);
        await tx
          .update(calendarFeedTokens)
          .set({ revokedAt: clock.now() })
          .where(and(eq(calendarFeedTokens.auditorId, auditorId), isNull(calendarFeedTokens.revokedAt)));
        const [created] = await tx.insert(calendarFeedTokens).values({ auditorId, createdAt: clock.now() }).returning();
        await writeAudit(
          tx,
          actor,
          {
            action: "revoke",
            entityType: "auditor",
            entityId: auditorId,
            summary: "Lien d'agenda renouvelé (l'ancien ne fonctionne plus)",
          },
          requestId,
        );
        return created;
      });
      if (!feed) throw new Error("calendar feed not created");
      return { url: missionLinks.calendarUrl(feed.id) };
    },

    /** The .ics text of a valid, unrevoked token, or null (answered 404). */
    async ics(token: string): Promise<string | null> {
      const feedId = missionLinks.verifyCalendar(token);
      if (!feedId) return null;
      const [feed] = await db
        .select()
        .from(calendarFeedTokens)
        .where(and(eq(calendarFeedTokens.id, feedId), isNull(calendarFeedTokens.revokedAt)));
      if (!feed) return null;
      const [auditor] = await db.select().from(auditors).where(eq(auditors.id, feed.auditorId));
      const rows = await db
        .select({ day: missionDays, mission: missions, client: clients, role: missionTeamMembers.role })
        .from(missionTeamMembers)
        .innerJoin(missions, eq(missions.id, missionTeamMembers.missionId))
        .innerJoin(missionDays, eq(missionDays.missionId, missions.id))
        .innerJoin(clients, eq(clients.id, missions.clientId))
        .where(eq(missionTeamMembers.auditorId, feed.auditorId))
        .orderBy(asc(missionDays.day));
      const stamp = icsInstant(clock.now());
      const lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Certidesk//Visites d'évaluation//FR",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        `X-WR-CALNAME:${icsText(`Visites — ${auditor ? `${auditor.firstName} ${auditor.lastName}` : ""}`)}`,
      ];
      for (const r of rows) {
        const slot = timeSlotById(r.day.timeSlotId);
        const { start, end } = slotBounds(slot?.value ?? "");
        const place = [r.client.address, [r.client.postalCode, r.client.city].filter(Boolean).join(" ")]
          .filter(Boolean)
          .join(", ");
        lines.push(
          "BEGIN:VEVENT",
          `UID:${r.day.id}@certidesk`,
          `DTSTAMP:${stamp}`,
          `DTSTART:${icsInstant(parisInstant(r.day.day, ...start))}`,
          `DTEND:${icsInstant(parisInstant(r.day.day, ...end))}`,
          `SUMMARY:${icsText(`Visite — ${r.client.raisonSocial}`)}`,
          `LOCATION:${icsText(place)}`,
          `DESCRIPTION:${icsText(
            `${MISSION_KIND_LABELS[r.mission.kind as MissionKind] ?? ""} — ${MISSION_ROLE_LABELS[r.role as MissionRole] ?? ""}\nHoraires : ${slot?.value ?? ""}`,
          )}`,
          "END:VEVENT",
        );
      }
      lines.push("END:VCALENDAR");
      return `${lines.map(fold).join("\r\n")}\r\n`;
    },
  };
}
export type CalendarFeed = ReturnType<typeof createCalendarFeed>;
