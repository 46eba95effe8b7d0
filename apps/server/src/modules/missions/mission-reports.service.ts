import type { MissionDetail } from "@certidesk/shared";
import type { Database, Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, notFound, staleVersion } from "../../lib/errors.js";
import { authorize } from "../../lib/policy.js";
import { markEvaluationFinished } from "../clients/index.js";
import type { DocumentsService, FiledDocument } from "../documents/index.js";
import {
  establishmentRecipient,
  mailFinalReport,
  mailObservationsToCoordinator,
  mailReportToEstablishment,
} from "./mission-mails.js";
import type { EnqueueMail } from "./mission-orders.service.js";
import { type LoadedMission, type MissionChange, missionWriter } from "./mission-write.js";
import { missionResource } from "./missions.policy.js";
import * as repo from "./missions.repository.js";

/** The documents module's upload (type checked from the content), filed inside the step's write. */
export type WithUpload = DocumentsService["withUpload"];

export interface MissionReportsDeps {
  db: Database;
  clock: Clock;
  withUpload: WithUpload;
  enqueueMail: EnqueueMail;
  onMailQueued?: () => void;
  detail: (actor: Actor, id: string) => Promise<MissionDetail>;
}

type File = { fileName: string; data: Buffer };
type UploadAction = "uploadPreliminary" | "sendObservations" | "uploadFinal";

/** Where the establishment's mails go: its main contact, else its own address; none is refused (400). */
async function clientRecipient(db: Executor, clientId: string, fallback: string | null) {
  const to = await establishmentRecipient(db, clientId, fallback);
  if (!to) throw badRequest("Aucune adresse e-mail pour l'établissement : renseignez son contact principal.");
  return to;
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

  /**
   * A report step that comes with a file: checked before the file is read (a refused or stale request stores
   * nothing), then the file is filed inside the mission's write, after its version and state are checked
   * again: a request overtaken meanwhile (409) leaves no document behind.
   */
  async function uploadStep(
    actor: Actor,
    id: string,
    step: { action: UploadAction; metaCode: string; label: string },
    file: File,
    version: number,
    change: (tx: Executor, loaded: LoadedMission, doc: FiledDocument) => Promise<MissionChange> | MissionChange,
    requestId?: string,
  ) {
    const { context } = await precheck(actor, id, step.action, version);
    const meta = {
      family: "CLIENT" as const,
      name: `${step.label} — ${context.client.raisonSocial}`,
      clientId: context.client.id,
      missionId: id,
      metaCode: step.metaCode,
    };
    await deps.withUpload(actor, { meta, file, requestId }, (filed) =>
      writeMission(
        actor,
        id,
        step.action,
        version,
        async (tx, loaded) => change(tx, loaded, await filed.file(tx)),
        requestId,
      ),
    );
  }

  return {
    /** Who may upload what, checked before the upload is even read (404, 403, 409). */
    async authorizeUpload(actor: Actor, id: string, action: UploadAction) {
      const loaded = await repo.findMission(db, id);
      if (!loaded) throw notFound(missionResource.notFound);
      authorize(actor, action, missionResource, loaded.record);
    },

    async uploadPreliminary(actor: Actor, id: string, file: File, version: number, requestId?: string) {
      const step = {
        action: "uploadPreliminary" as const,
        metaCode: "RAPPORT_PRELIMINARY",
        label: "Rapport préliminaire",
      };
      await uploadStep(
        actor,
        id,
        step,
        file,
        version,
        (_tx, _loaded, doc) => ({
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
          const attachment = row.preliminaryDocumentId
            ? {
                documentId: row.preliminaryDocumentId,
                fileName: `${names.get(row.preliminaryDocumentId) ?? "rapport-preliminaire"}.pdf`,
              }
            : null;
          await mailReportToEstablishment(
            tx,
            deps.enqueueMail,
            actor,
            { row, client, to, templateCode: "REPORT_PRELIMINARY", attachment },
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
      const step = { action: "sendObservations" as const, metaCode: "RECEPTION_OBSERVATIONS", label: "Observations" };
      await uploadStep(
        actor,
        id,
        step,
        file,
        version,
        async (tx, loaded, doc) => {
          await mailObservationsToCoordinator(tx, deps.enqueueMail, actor, loaded, doc, requestId);
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
      const step = { action: "uploadFinal" as const, metaCode: "FINAL_RAPPORT", label: "Rapport définitif" };
      await uploadStep(
        actor,
        id,
        step,
        file,
        version,
        async (tx, { row }, doc) => {
          await markEvaluationFinished(tx, row.clientId, clock.today(), clock.now());
          const to = await mailFinalReport(tx, deps.enqueueMail, actor, row, doc, requestId);
          return {
            values: { finalDocumentId: doc.id, finalReportAt: clock.today(), status: "FINALISED" },
            summary: to
              ? `Rapport définitif déposé : mission finalisée, rapport envoyé à ${to}`
              : "Rapport définitif déposé : mission finalisée (non envoyé : aucune adresse e-mail pour l'établissement)",
            action: "status",
          };
        },
        requestId,
      );
      deps.onMailQueued?.();
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
