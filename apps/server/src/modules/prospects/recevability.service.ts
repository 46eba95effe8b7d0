import type { Recevability, RecevabilityDecision } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import { recevabilityReviews } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { authorize } from "../../lib/policy.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import type { DocumentLinks, DocumentsService, UploadedFile } from "../documents/index.js";
import { requestResource } from "./prospects.policy.js";
import * as repo from "./prospects.repository.js";
import { deriveStatus } from "./request-status.js";

const NO_REVIEW = "Cette demande n'a pas d'examen de recevabilité (il concerne les certifications).";

export interface RecevabilityDeps {
  db: Database;
  documents: DocumentsService;
  links: DocumentLinks;
  clock?: Clock;
}

/** Recevability of certification requests: the checklist, the applicant's documents, the decision. */
export function createRecevabilityService({ db, documents: docs, links, clock = systemClock }: RecevabilityDeps) {
  /** load the request → 404 → authorize, then its review (404 when it has none). */
  async function load(actor: Actor, requestId: string, action: "read" | "update") {
    const request = await repo.findRequestRow(db, requestId);
    if (!request) throw notFound(requestResource.notFound);
    authorize(actor, action === "read" ? "read" : "reviewRecevability", requestResource, request);
    const review = await repo.findReview(db, requestId);
    if (!review) throw notFound(NO_REVIEW);
    return { request, review };
  }

  /** The common options of a review write (keyed by its request, audited on the request). */
  const write = (actor: Actor, requestId: string, version: number, logId?: string) => ({
    db,
    clock,
    table: recevabilityReviews,
    key: recevabilityReviews.requestId,
    id: requestId,
    version,
    actor,
    requestId: logId,
    entityType: "request",
    notFound: NO_REVIEW,
  });

  async function read(actor: Actor, requestId: string): Promise<Recevability> {
    const { review } = await load(actor, requestId, "read");
    const files = await repo.reviewFiles(db, requestId);
    return {
      checklist: review.checklist,
      decision: review.decision as RecevabilityDecision,
      reason: review.reason,
      decidedAt: review.decidedAt?.toISOString() ?? null,
      decidedBy: review.decidedBy,
      documents: files.map((f) => ({ ...f, url: links.url(f.id, "view") })),
      version: review.version,
    };
  }

  return {
    read,

    async updateChecklist(
      actor: Actor,
      requestId: string,
      input: { checked: string[]; version: number },
      requestIdLog?: string,
    ) {
      const { request } = await load(actor, requestId, "update");
      await versionedUpdate({
        ...write(actor, requestId, input.version, requestIdLog),
        apply: (_tx, review) => {
          if (review.decision !== "PENDING")
            throw conflict("La décision de recevabilité est prise : la liste ne se modifie plus.");
          const checklist = review.checklist.map((item) => ({ ...item, checked: input.checked.includes(item.code) }));
          const done = checklist.filter((i) => i.checked).length;
          return {
            values: { checklist },
            summary: `Recevabilité de ${request.reference} : ${done}/${checklist.length} pièces vérifiées`,
          };
        },
      });
      return read(actor, requestId);
    },

    /** Recevable: the request goes on to its quote. Not recevable: it is refused, with the reason. */
    async decide(
      actor: Actor,
      requestId: string,
      input: { decision: "RECEVABLE" | "NON_RECEVABLE"; reason: string | null; version: number },
      requestIdLog?: string,
    ) {
      const { request } = await load(actor, requestId, "update");
      const refused = input.decision === "NON_RECEVABLE";
      await versionedUpdate({
        ...write(actor, requestId, input.version, requestIdLog),
        apply: (_tx, review) => {
          if (review.decision !== "PENDING") throw conflict("La décision de recevabilité a déjà été prise.");
          if (input.decision === "RECEVABLE" && review.checklist.some((i) => !i.checked))
            throw badRequest(
              "Toutes les pièces de la liste doivent être vérifiées avant de déclarer la demande recevable.",
            );
          return {
            values: { decision: input.decision, reason: input.reason, decidedAt: clock.now(), decidedBy: actor.label },
            summary: refused
              ? `Demande ${request.reference} déclarée non recevable : ${input.reason}`
              : `Demande ${request.reference} déclarée recevable`,
            action: "status",
          };
        },
        // The request moves on (or is refused) with its decision.
        after: async (tx) =>
          repo.setRequestStep(tx, requestId, {
            status: refused ? "REFUSE" : await deriveStatus(tx, requestId),
            refusalReason: refused ? `Demande non recevable : ${input.reason}` : request.refusalReason,
            now: clock.now(),
          }),
      });
      return read(actor, requestId);
    },

    /** A document of the applicant's file, kept with the first establishment's client documents. */
    async addDocument(
      actor: Actor,
      requestId: string,
      file: UploadedFile,
      name: string | undefined,
      requestIdLog?: string,
    ) {
      await load(actor, requestId, "update");
      const first = await repo.firstEstablishmentOf(db, requestId);
      if (!first) throw badRequest("La demande n'a pas d'établissement.");
      const meta = { family: "CLIENT" as const, clientId: first.id, name: name || undefined, metaCode: "RECEVABILITE" };
      // The piece and its place in the file together: a failed link leaves no document behind.
      await docs.withUpload(actor, { meta, file, requestId: requestIdLog }, (filed) =>
        db.transaction(async (tx) => {
          const stored = await filed.file(tx);
          await repo.linkRecevabilityDocument(tx, requestId, stored.id);
          await writeAudit(
            tx,
            actor,
            {
              action: "update",
              entityType: "request",
              entityId: requestId,
              summary: `Pièce « ${stored.name} » ajoutée au dossier de recevabilité`,
            },
            requestIdLog,
          );
        }),
      );
      return read(actor, requestId);
    },
  };
}
export type RecevabilityService = ReturnType<typeof createRecevabilityService>;
