import { and, desc, eq, inArray, max } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { auditors, contacts, mailOutbox, users } from "../../db/schema/index.js";

/** The outbox's `related_type` of the proposals: what records that a proposal was sent, and when. */
export const PROPOSAL_TO_CLIENT = "missionProposalClient";
export const PROPOSAL_TO_AUDITOR = "missionProposalAuditor";

/** The establishment's main contact (its mails go there, else to the establishment's own address). */
export async function mainContact(db: Executor, clientId: string) {
  const [contact] = await db
    .select({ firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.clientId, clientId), eq(contacts.isMain, true)));
  return contact ?? null;
}

/** The team's evaluators with what the proposal to the establishment presents of them. */
export async function teamProfiles(db: Executor, auditorIds: string[]) {
  if (auditorIds.length === 0) return [];
  return db
    .select({
      id: auditors.id,
      firstName: auditors.firstName,
      lastName: auditors.lastName,
      email: auditors.email,
      city: auditors.city,
      sectorDomains: auditors.sectorDomains,
      referentielTrainingDate: auditors.referentielTrainingDate,
    })
    .from(auditors)
    .where(inArray(auditors.id, auditorIds));
}

/** Every proposal mail of a mission, newest first. */
export async function proposalMails(db: Executor, missionId: string) {
  return db
    .select({
      relatedType: mailOutbox.relatedType,
      relatedId: mailOutbox.relatedId,
      to: mailOutbox.to,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      byFirstName: users.firstName,
      byLastName: users.lastName,
    })
    .from(mailOutbox)
    .leftJoin(users, eq(users.id, mailOutbox.createdBy))
    .where(
      and(
        eq(mailOutbox.missionId, missionId),
        inArray(mailOutbox.relatedType, [PROPOSAL_TO_CLIENT, PROPOSAL_TO_AUDITOR]),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt));
}

/** When each mission's team was last proposed to the establishment (its outbox row), by mission. */
export async function lastClientProposals(db: Executor, missionIds: string[]) {
  const result = new Map<string, Date>();
  if (missionIds.length === 0) return result;
  const rows = await db
    .select({ missionId: mailOutbox.missionId, at: max(mailOutbox.createdAt) })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.missionId, missionIds), eq(mailOutbox.relatedType, PROPOSAL_TO_CLIENT)))
    .groupBy(mailOutbox.missionId);
  for (const r of rows) if (r.missionId && r.at) result.set(r.missionId, new Date(r.at));
  return result;
}
