import type { MissionDetail } from "@certidesk/shared";
import type { Database, Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, notFound, staleVersion } from "../../lib/errors.js";
import { authorize } from "../../lib/policy.js";
import { markEvaluationFinished } from "../clients/index.js";
import type { EnqueueMail } from "./mission-orders.service.js";
import { missionWriter } from "./mission-write.js";
import { missionResource } from "./missions.policy.js";
import * as repo from "./missions.repository.js";

/** The documents module's upload (type checked from the content), as the reports use it. */
export type UploadDocument = (
  actor: Actor,
  meta: { family: "CLIENT"; name: string; clientId: string; missionId: string; metaCode: string },
  file: { fileName: string; data: Buffer },
  requestId?: string,
) => Promise<{ id: string; fileName: string }>;

export interface MissionReportsDeps {
  db: Database;
  clock: Clock;
  uploadDocument: UploadDocument;
  enqueueMail: EnqueueMail;
  onMailQueued?: () => void;
  detail: (actor: Actor, id: string) => Promise<MissionDetail>;
}

type File = { fileName: string; data: Buffer };
type UploadAction = "uploadPreliminary" | "sendObservations" | "uploadFinal";

/** Where the establishment's mails go: its main contact, else its own address. */
async function clientRecipient(db: Executor, clientId: string, fallback: string | null) {
  const contact = await repo.mainContact(db, clientId);
  const email = contact?.email ?? fallback;
  if (!email) throw badRequest("Aucune adresse e-mail pour l'établissement : renseignez son contact principal.");
  return { email, firstName: contact?.firstName ?? "", lastName: contact?.lastName ?? "" };
}

/**
 * The reports of a mission: preliminary report uploaded (coordinator), reviewed by a quality profile,
 * sent to the ESSMS; its observations (the client user); the final report, which finalises the
 * client; the HAS transmission date. Each step is checked by the mission policy (who, and when).
 */
export function createMissionReportsService(deps: MissionReportsDeps) {
  const { db, clock } = deps;
  const writeMission = missionWriter({ db, clock });

  /** Checks before the file is stored, so a refused or stale request leaves no document behind. */
  async function precheck(actor: Actor, id: string, action: UploadAction, version: number) {
    const loaded = await repo.findMission(db, id);
    if (!loaded) throw notFound(missionResource.notFound);
    authorize(actor, action, missionResource, loaded.record);
    if (loaded.row.version !== version) throw staleVersion();
    return { ...loaded, context: await repo.contextOf(db, loaded.row) };
  }

  async function store(
    actor: Actor,
    id: string,
    action: UploadAction,
    file: File,
    version: number,
    metaCode: string,
    label: string,
    requestId?: string,
  ) {
    const { context } = await precheck(actor, id, action, version);
    const doc = await deps.uploadDocument(
      actor,
      {
        family: "CLIENT",
        name: `${label} — ${context.client.raisonSocial}`,
        clientId: context.client.id,
        missionId: id,
        metaCode,
      },
      file,
      requestId,
    );
    return { doc, context };
  }

  return {
    /** Who may upload what, checked before the upload is even read (404, 403, 409). */
    async authorizeUpload(actor: Actor, id: string, action: UploadAction) {
      const loaded = await repo.findMission(db, id);
      if (!loaded) throw notFound(missionResource.notFound);
      authorize(actor, action, missionResource, loaded.record);
    },

    async uploadPreliminary(actor: Actor, id: string, file: File, version: number, requestId?: string) {
      const { doc } = await store(
        actor,
        id,
        "uploadPreliminary",
        file,
        version,
        "RAPPORT_PRELIMINARY",
        "Rapport préliminaire",
        requestId,
      );
      await writeMission(
        actor,
        id,
        "uploadPreliminary",
        version,
        () => ({
          // A new file must be reviewed again before it leaves.
          values: {
            preliminaryDocumentId: doc.id,
            preliminaryUploadedAt: clock.today(),
            preliminaryReviewedAt: null,
            preliminaryReviewedBy: null,
            preliminaryReviewComment: null,
          },
          summary: "Rapport préliminaire déposé",
        }),
        requestId,
      );
      return deps.detail(actor, id);
    },

    async reviewPreliminary(
      actor: Actor,
      id: string,
      input: { comment?: string | undefined; version: number },
      requestId?: string,
    ) {
      await writeMission(
        actor,
        id,
        "reviewPreliminary",
        input.version,
        () => ({
          values: {
            preliminaryReviewedAt: clock.today(),
            preliminaryReviewedBy: actor.label,
            preliminaryReviewComment: input.comment || null,
          },
          summary: `Rapport préliminaire relu par ${actor.label}${input.comment ? ` : ${input.comment}` : ""}`,
        }),
        requestId,
      );
      return deps.detail(actor, id);
    },

    /** Sent to the ESSMS by mail (outbox) with the report attached: its observation period starts today. */
    async sendPreliminary(actor: Actor, id: string, input: { version: number }, requestId?: string) {
      await writeMission(
        actor,
        id,
        "sendPreliminary",
        input.version,
        async (tx, { row }) => {
          const { client } = await repo.contextOf(tx, row);
          const to = await clientRecipient(tx, client.id, client.email);
          const names = await repo.documentNames(tx, [row.preliminaryDocumentId]);
          await deps.enqueueMail(
            tx,
            actor,
            {
              templateCode: "REPORT_PRELIMINARY",
              to: [to.email],
              variables: {
                client: { raisonSocial: client.raisonSocial, city: client.city ?? "" },
                contact: { firstName: to.firstName, lastName: to.lastName },
              },
              attachments: row.preliminaryDocumentId
                ? [
                    {
                      documentId: row.preliminaryDocumentId,
                      fileName: `${names.get(row.preliminaryDocumentId) ?? "rapport-preliminaire"}.pdf`,
                    },
                  ]
                : [],
              clientId: client.id,
              missionId: id,
              relatedType: "mission",
              relatedId: id,
            },
            requestId,
          );
          return {
            values: { preliminarySentAt: clock.today() },
            summary: `Rapport préliminaire envoyé à ${to.email}`,
            action: "status",
          };
        },
        requestId,
      );
      deps.onMailQueued?.();
      return deps.detail(actor, id);
    },

    async sendObservations(actor: Actor, id: string, file: File, version: number, requestId?: string) {
      const { doc } = await store(
        actor,
        id,
        "sendObservations",
        file,
        version,
        "RECEPTION_OBSERVATIONS",
        "Observations",
        requestId,
      );
      await writeMission(
        actor,
        id,
        "sendObservations",
        version,
        async (tx, { row, team }) => {
          // The coordinator hears of them at once (the final report is due from today).
          const coordinator = team.find((t) => t.role === "COORDINATOR");
          if (coordinator?.email) {
            const { client } = await repo.contextOf(tx, row);
            await deps.enqueueMail(
              tx,
              actor,
              {
                templateCode: "OBSERVATIONS_RECEIVED",
                to: [coordinator.email],
                variables: {
                  auditor: { firstName: coordinator.firstName },
                  client: { raisonSocial: client.raisonSocial, city: client.city ?? "" },
                },
                attachments: [{ documentId: doc.id, fileName: doc.fileName }],
                clientId: client.id,
                missionId: id,
                relatedType: "mission",
                relatedId: id,
              },
              requestId,
            );
          }
          return {
            values: { observationsDocumentId: doc.id, observationsReceivedAt: clock.today() },
            summary: `Observations de l'établissement reçues (${actor.label})`,
            action: "status",
          };
        },
        requestId,
      );
      deps.onMailQueued?.();
      return deps.detail(actor, id);
    },

    /** The final report finalises the mission and the client ("Évaluations finalisées"). */
    async uploadFinal(actor: Actor, id: string, file: File, version: number, requestId?: string) {
      const { doc } = await store(
        actor,
        id,
        "uploadFinal",
        file,
        version,
        "FINAL_RAPPORT",
        "Rapport définitif",
        requestId,
      );
      await writeMission(
        actor,
        id,
        "uploadFinal",
        version,
        async (tx, { row }) => {
          await markEvaluationFinished(tx, row.clientId, clock.today(), clock.now());
          return {
            values: { finalDocumentId: doc.id, finalReportAt: clock.today(), status: "FINALISED" },
            summary: "Rapport définitif déposé : mission finalisée",
            action: "status",
          };
        },
        requestId,
      );
      return deps.detail(actor, id);
    },

    async recordHasTransmission(
      actor: Actor,
      id: string,
      input: { date: string; version: number },
      requestId?: string,
    ) {
      if (input.date > clock.today()) throw badRequest("La date de transmission ne peut pas être dans le futur.");
      await writeMission(
        actor,
        id,
        "recordHasTransmission",
        input.version,
        () => ({
          values: { hasTransmittedAt: input.date },
          summary: `Rapport transmis à la HAS (Synaé) le ${input.date}`,
        }),
        requestId,
      );
      return deps.detail(actor, id);
    },
  };
}

export type MissionReportsService = ReturnType<typeof createMissionReportsService>;
