import { and, asc, count, isNotNull, isNull } from "drizzle-orm";
import { clients } from "../../../db/schema/index.js";
import { isStaff } from "../../../lib/policy.js";
import { type AlertRule, countOf } from "../alert-rule.js";

const where = () => and(isNotNull(clients.clientSince), isNull(clients.evaluationDate));

export const clientToProgram: AlertRule = {
  code: "CLIENT_TO_PROGRAM",
  permission: { code: "CLIENT", op: "any" },
  audience: isStaff,
  label: "Évaluations à programmer",
  description: "Clients sous contrat dont la visite n'a pas encore de date.",
  link: "/app/client?filtre=NO_EVALUATION_DATE",
  count: async ({ db }) => countOf(await db.select({ n: count() }).from(clients).where(where())),
  list: ({ db }, limit) =>
    db
      .select({ id: clients.id, label: clients.raisonSocial, date: clients.evaluationDate })
      .from(clients)
      .where(where())
      .orderBy(asc(clients.raisonSocial))
      .limit(limit),
};
