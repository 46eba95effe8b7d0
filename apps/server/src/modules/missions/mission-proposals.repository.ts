import { and, desc, eq, inArray } from "drizzle-orm";
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
