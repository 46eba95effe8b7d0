import type { Executor } from "../../db/client.js";
import type { AuditActor } from "../../lib/actor.js";
import type { FiledDocument } from "../documents/index.js";
import type { EnqueueMail } from "./mission-orders.service.js";
import type { LoadedMission } from "./mission-write.js";
import * as repo from "./missions.repository.js";

/** Where the establishment's mails go: its main contact, else its own address (null: none known). */
export async function establishmentRecipient(db: Executor, clientId: string, fallback: string | null) {
  const contact = await repo.mainContact(db, clientId);
  const email = contact?.email || fallback;
  if (!email) return null;
  return { email, firstName: contact?.firstName ?? "", lastName: contact?.lastName ?? "" };
}

const onMission = (missionId: string, clientId: string) => ({
  clientId,
  missionId,
  relatedType: "mission",
  relatedId: missionId,
});

/**
 * The coordinator hears of the establishment's observations at once (the final report is due from then),
 * whichever way they came: uploaded by the staff or sent from the client portal. The file, if any, attached.
 * Answers whether a mail was queued (a coordinator without an address gets none).
 */
export async function mailObservationsToCoordinator(
  tx: Executor,
  enqueueMail: EnqueueMail,
  actor: AuditActor,
  { row, team }: Pick<LoadedMission, "row" | "team">,
  doc: Pick<FiledDocument, "id" | "fileName"> | null,
  requestId?: string,
) {
  const coordinator = team.find((t) => t.role === "COORDINATOR");
  if (!coordinator?.email) return false;
  const { client } = await repo.contextOf(tx, row);
  await enqueueMail(
    tx,
    actor,
    {
      templateCode: "OBSERVATIONS_RECEIVED",
      to: [coordinator.email],
      variables: {
        auditor: { firstName: coordinator.firstName },
        client: { raisonSocial: client.raisonSocial, city: client.city ?? "" },
      },
      attachments: doc ? [{ documentId: doc.id, fileName: doc.fileName }] : [],
      ...onMission(row.id, client.id),
    },
    requestId,
  );
  return true;
}

/**
 * A mail to the establishment about its report (REPORT_PRELIMINARY, REPORT_FINAL), the report attached.
 */
export async function mailReportToEstablishment(
  tx: Executor,
  enqueueMail: EnqueueMail,
  actor: AuditActor,
  mail: {
    row: LoadedMission["row"];
    client: { id: string; raisonSocial: string; city: string | null };
    to: NonNullable<Awaited<ReturnType<typeof establishmentRecipient>>>;
    templateCode: string;
    attachment: { documentId: string; fileName: string } | null;
  },
  requestId?: string,
) {
  const { row, client, to } = mail;
  await enqueueMail(
    tx,
    actor,
    {
      templateCode: mail.templateCode,
      to: [to.email],
      variables: {
        client: { raisonSocial: client.raisonSocial, city: client.city ?? "" },
        contact: { firstName: to.firstName, lastName: to.lastName },
      },
      attachments: mail.attachment ? [mail.attachment] : [],
      ...onMission(row.id, client.id),
    },
    requestId,
  );
}

/**
 * The final report goes to the establishment when it is deposited (template REPORT_FINAL, the report
 * attached). Answers the address it went to, or null when the establishment has none: the deposit stands
 * (it is the evaluators' deadline), and the mission's journal says the report was not mailed.
 */
export async function mailFinalReport(
  tx: Executor,
  enqueueMail: EnqueueMail,
  actor: AuditActor,
  row: LoadedMission["row"],
  doc: Pick<FiledDocument, "id" | "fileName">,
  requestId?: string,
) {
  const { client } = await repo.contextOf(tx, row);
  const to = await establishmentRecipient(tx, client.id, client.email);
  if (!to) return null;
  const attachment = { documentId: doc.id, fileName: doc.fileName };
  await mailReportToEstablishment(
    tx,
    enqueueMail,
    actor,
    { row, client, to, templateCode: "REPORT_FINAL", attachment },
    requestId,
  );
  return to.email;
}
