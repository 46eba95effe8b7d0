import { and, asc, count, isNotNull, lte } from "drizzle-orm";
import { clients } from "../../../db/schema/index.js";
import { type IsoDate, sqlDate } from "../../../lib/clock.js";
import { isStaff } from "../../../lib/policy.js";
import { type AlertRule, countOf } from "../alert-rule.js";

const where = (today: IsoDate) => and(isNotNull(clients.clientSince), lte(clients.dateRelance, sqlDate(today)));

export const clientFollowUp: AlertRule = {
  code: "CLIENT_FOLLOW_UP",
  permission: { code: "CLIENT", op: "any" },
  audience: isStaff,
  label: "Relances clients échues",
  description: "Clients dont la date de relance est atteinte.",
  link: "/app/client",
  count: async ({ db, today }) => countOf(await db.select({ n: count() }).from(clients).where(where(today))),
  list: ({ db, today }, limit) =>
    db
      .select({ id: clients.id, label: clients.raisonSocial, date: clients.dateRelance })
      .from(clients)
      .where(where(today))
      .orderBy(asc(clients.dateRelance))
      .limit(limit),
};
