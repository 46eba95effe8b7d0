import { and, asc, count, eq, lt } from "drizzle-orm";
import { contracts } from "../../../db/schema/index.js";
import { type IsoDate, sqlDate } from "../../../lib/clock.js";
import { isStaff } from "../../../lib/policy.js";
import { type AlertRule, countOf } from "../alert-rule.js";

const where = (today: IsoDate) => and(eq(contracts.status, "SENT"), lt(contracts.deadline, sqlDate(today)));

export const contractOverdue: AlertRule = {
  code: "CONTRACT_OVERDUE",
  permission: { code: "PROSPECT", op: "any" },
  audience: isStaff,
  label: "Contrats non retournés",
  description: "Contrats envoyés dont la date limite de retour est dépassée.",
  link: "/app/prospect?type=EnCours",
  count: async ({ db, today }) => countOf(await db.select({ n: count() }).from(contracts).where(where(today))),
  list: ({ db, today }, limit) =>
    db
      .select({ id: contracts.id, label: contracts.number, date: contracts.deadline })
      .from(contracts)
      .where(where(today))
      .orderBy(asc(contracts.deadline))
      .limit(limit),
};
