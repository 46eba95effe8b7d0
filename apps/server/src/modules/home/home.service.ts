import type { WorkItem } from "@certidesk/shared";
import { and, count, eq, inArray, isNotNull, isNull, lt, lte, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { clients, contracts, quotes, requestClients } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { can } from "../../lib/authorization.js";

const QUOTE_UNANSWERED_DAYS = 30;
const today = sql`current_date`;
const n = (rows: Array<{ n: number }>) => Number(rows[0]?.n ?? 0);

/**
 * The landing page's "to do" counts, from the pipeline's own data: follow-ups that are due,
 * evaluations to program, quotes without answer, contracts past their deadline. Each count only
 * for those with the right to open the screen it leads to.
 */
export function createHomeService({ db }: { db: Database }) {
  return {
    async workItems(actor: Actor): Promise<WorkItem[]> {
      const items: WorkItem[] = [];
      if (can(actor, "CLIENT", "any") && actor.profileType !== "MYQUALIANOR") {
        const isClient = isNotNull(clients.clientSince);
        const [toProgram, followUps] = await Promise.all([
          db
            .select({ n: count() })
            .from(clients)
            .where(and(isClient, isNull(clients.evaluationDate))),
          db
            .select({ n: count() })
            .from(clients)
            .where(and(isClient, lte(clients.dateRelance, today))),
        ]);
        items.push(
          {
            code: "CLIENT_TO_PROGRAM",
            label: "Évaluations à programmer",
            description: "Clients sous contrat dont la visite n'a pas encore de date.",
            count: n(toProgram),
            link: "/app/client?filtre=NO_EVALUATION_DATE",
          },
          {
            code: "CLIENT_FOLLOW_UP",
            label: "Relances clients échues",
            description: "Clients dont la date de relance est atteinte.",
            count: n(followUps),
            link: "/app/client",
          },
        );
      }
      if (can(actor, "PROSPECT", "any")) {
        const [followUps, unanswered, overdue] = await Promise.all([
          db
            .select({ n: count() })
            .from(requestClients)
            .where(
              and(
                isNull(requestClients.archivedAt),
                notInArray(requestClients.status, ["SIGNED", "REFUSE"]),
                lte(requestClients.dateRelance, today),
              ),
            ),
          db
            .select({ n: count() })
            .from(quotes)
            .where(
              and(
                eq(quotes.status, "SENT"),
                lt(quotes.sentAt, sql`now() - ${`${QUOTE_UNANSWERED_DAYS} days`}::interval`),
              ),
            ),
          db
            .select({ n: count() })
            .from(contracts)
            .where(and(inArray(contracts.status, ["SENT"]), lt(contracts.deadline, today))),
        ]);
        items.push(
          {
            code: "PROSPECT_FOLLOW_UP",
            label: "Relances prospects échues",
            description: "Demandes en cours dont la date de relance est atteinte.",
            count: n(followUps),
            link: "/app/prospect?type=EnCours",
          },
          {
            code: "QUOTE_UNANSWERED",
            label: "Devis sans réponse",
            description: `Devis envoyés depuis plus de ${QUOTE_UNANSWERED_DAYS} jours, ni acceptés ni refusés.`,
            count: n(unanswered),
            link: "/app/prospect?type=EnCours",
          },
          {
            code: "CONTRACT_OVERDUE",
            label: "Contrats non retournés",
            description: "Contrats envoyés dont la date limite de retour est dépassée.",
            count: n(overdue),
            link: "/app/prospect?type=EnCours",
          },
        );
      }
      return items;
    },
  };
}
export type HomeService = ReturnType<typeof createHomeService>;
