import { and, asc, count, isNull, lte, notInArray } from "drizzle-orm";
import { requestClients } from "../../../db/schema/index.js";
import { type IsoDate, sqlDate } from "../../../lib/clock.js";
import { isStaff } from "../../../lib/policy.js";
import { type AlertRule, countOf } from "../alert-rule.js";

const where = (today: IsoDate) =>
  and(
    isNull(requestClients.archivedAt),
    notInArray(requestClients.status, ["SIGNED", "REFUSE"]),
    lte(requestClients.dateRelance, sqlDate(today)),
  );

export const prospectFollowUp: AlertRule = {
  code: "PROSPECT_FOLLOW_UP",
  permission: { code: "PROSPECT", op: "any" },
  audience: isStaff,
  label: "Relances prospects échues",
  description: "Demandes en cours dont la date de relance est atteinte.",
  link: "/app/prospect?type=EnCours",
  count: async ({ db, today }) => countOf(await db.select({ n: count() }).from(requestClients).where(where(today))),
  list: ({ db, today }, limit) =>
    db
      .select({ id: requestClients.id, label: requestClients.reference, date: requestClients.dateRelance })
      .from(requestClients)
      .where(where(today))
      .orderBy(asc(requestClients.dateRelance))
      .limit(limit),
};
