import type { clients, contacts, mailOutbox, missions, quotes } from "../db/schema/index.js";
import type { Random } from "../demo/demo-random.js";
import { seededUuid } from "./scale-tools.js";

type MailInsert = typeof mailOutbox.$inferInsert;
type Sent = { id: string; requestId: string; number?: string | null; sentAt?: Date | null };

/**
 * The mails the generated history sent, as the screens would have queued them (templates' subjects, the
 * establishment's main contact, the author among the staff): a quote and a contract per sent one, a
 * preliminary report per mission that sent it. All SENT, in the past: the outbox never sends them again.
 */
export function planMails(
  rand: Random,
  input: {
    company: string;
    staffIds: string[];
    quotes: Array<Sent & Pick<typeof quotes.$inferInsert, "totalTTC">>;
    contracts: Sent[];
    missions: Array<Pick<typeof missions.$inferInsert, "id" | "clientId" | "preliminarySentAt">>;
    /** The first establishment of each request (its quote and contract go to its contact). */
    requestClient: Map<string, string>;
    clients: Map<string, Pick<typeof clients.$inferInsert, "raisonSocial" | "city">>;
    mainContacts: Map<string, Pick<typeof contacts.$inferInsert, "firstName" | "lastName" | "email">>;
  },
): MailInsert[] {
  const mails: MailInsert[] = [];
  const push = (
    clientId: string | undefined,
    when: Date | null | undefined,
    mail: {
      templateCode: string;
      subject: (client: string) => string;
      body: string;
      relatedType: string;
      relatedId: string;
      missionId?: string;
    },
  ) => {
    const client = clientId ? input.clients.get(clientId) : undefined;
    const contact = clientId ? input.mainContacts.get(clientId) : undefined;
    if (!clientId || !client || !contact?.email || !when) return;
    const id = seededUuid(rand);
    mails.push({
      id,
      templateCode: mail.templateCode,
      to: [contact.email],
      subject: mail.subject(client.raisonSocial),
      body: `Bonjour ${contact.firstName} ${contact.lastName},\n\n${mail.body}\n\nBien cordialement,\n${input.company}`,
      status: "SENT",
      attempts: 1,
      sentAt: when,
      nextAttemptAt: when,
      messageId: `<${id}@certidesk-echelle.exemple.fr>`,
      clientId,
      missionId: mail.missionId ?? null,
      relatedType: mail.relatedType,
      relatedId: mail.relatedId,
      createdBy: input.staffIds.length ? rand.pick(input.staffIds) : null,
      createdAt: when,
      updatedAt: when,
    });
  };
  for (const q of input.quotes)
    push(input.requestClient.get(q.requestId), q.sentAt, {
      templateCode: "QUOTE_SEND",
      subject: (c) => `${input.company} — Devis ${q.number} pour l'évaluation externe de ${c}`,
      body: `Suite à votre demande, vous trouverez ci-joint notre devis n° ${q.number}, d'un montant de ${q.totalTTC} € TTC.`,
      relatedType: "quote",
      relatedId: q.id,
    });
  for (const c of input.contracts)
    push(input.requestClient.get(c.requestId), c.sentAt, {
      templateCode: "CONTRACT_SEND",
      subject: (name) => `${input.company} — Contrat d'évaluation externe de ${name}`,
      body: `Vous trouverez ci-joint le contrat n° ${c.number} relatif à l'évaluation externe.`,
      relatedType: "contract",
      relatedId: c.id,
    });
  for (const m of input.missions)
    push(m.clientId, m.preliminarySentAt ? new Date(`${m.preliminarySentAt}T14:00:00Z`) : null, {
      templateCode: "REPORT_PRELIMINARY",
      subject: (name) => `Rapport préliminaire de l'évaluation externe de ${name}`,
      body: "Vous trouverez ci-joint le rapport préliminaire. Vous disposez de 15 jours pour nous faire part de vos observations.",
      relatedType: "mission",
      relatedId: m.id as string,
      missionId: m.id as string,
    });
  return mails;
}
