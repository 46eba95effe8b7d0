import type { Recevability, RecevabilityDecision } from "@certidesk/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.js";
import {
  clients,
  documents,
  recevabilityDocuments,
  recevabilityReviews,
  requestClients,
  requestEstablishments,
} from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { badRequest, conflict, notFound, staleVersion } from "../../lib/errors.js";
import type { DocumentLinks, DocumentsService, UploadedFile } from "../documents/index.js";
import { deriveStatus } from "./request-status.js";

type Review = typeof recevabilityReviews.$inferSelect;
const NO_REVIEW = "Cette demande n'a pas d'examen de recevabilité (il concerne les certifications).";

export interface RecevabilityDeps {
  db: Database;
  documents: DocumentsService;
  links: DocumentLinks;
}

/** Recevability of certification requests: the checklist, the applicant's documents, the decision. */
export function createRecevabilityService({ db, documents: docs, links }: RecevabilityDeps) {
  async function load(tx: Executor, requestId: string) {
    const [review] = await tx.select().from(recevabilityReviews).where(eq(recevabilityReviews.requestId, requestId));
    if (!review) throw notFound(NO_REVIEW);
    return review;
  }

  async function save(tx: Executor, review: Review, version: number, values: Partial<Review>) {
    if (review.version !== version) throw staleVersion();
    const [saved] = await tx
      .update(recevabilityReviews)
      .set({ ...values, version: sql`${recevabilityReviews.version} + 1`, updatedAt: new Date() })
      .where(and(eq(recevabilityReviews.requestId, review.requestId), eq(recevabilityReviews.version, version)))
      .returning();
    if (!saved) throw staleVersion();
    return saved;
  }

  async function read(_actor: Actor, requestId: string): Promise<Recevability> {
    const review = await load(db, requestId);
    const files = await db
      .select({ id: documents.id, name: documents.name })
      .from(recevabilityDocuments)
      .innerJoin(documents, eq(documents.id, recevabilityDocuments.documentId))
      .where(eq(recevabilityDocuments.requestId, requestId))
      .orderBy(asc(documents.createdAt));
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

  const reference = async (tx: Executor, requestId: string) =>
    (
      await tx
        .select({ reference: requestClients.reference })
        .from(requestClients)
        .where(eq(requestClients.id, requestId))
    )[0]?.reference ?? "";

  return {
    read,

    async updateChecklist(
      actor: Actor,
      requestId: string,
      input: { checked: string[]; version: number },
      requestIdLog?: string,
    ) {
      await db.transaction(async (tx) => {
        const review = await load(tx, requestId);
        if (review.decision !== "PENDING")
          throw conflict("La décision de recevabilité est prise : la liste ne se modifie plus.");
        const checklist = review.checklist.map((item) => ({ ...item, checked: input.checked.includes(item.code) }));
        await save(tx, review, input.version, { checklist });
        const done = checklist.filter((i) => i.checked).length;
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "request",
            entityId: requestId,
            summary: `Recevabilité de ${await reference(tx, requestId)} : ${done}/${checklist.length} pièces vérifiées`,
          },
          requestIdLog,
        );
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
      await db.transaction(async (tx) => {
        const review = await load(tx, requestId);
        if (review.decision !== "PENDING") throw conflict("La décision de recevabilité a déjà été prise.");
        if (input.decision === "RECEVABLE" && review.checklist.some((i) => !i.checked))
          throw badRequest(
            "Toutes les pièces de la liste doivent être vérifiées avant de déclarer la demande recevable.",
          );
        await save(tx, review, input.version, {
          decision: input.decision,
          reason: input.reason,
          decidedAt: new Date(),
          decidedBy: actor.label,
        });
        const [request] = await tx.select().from(requestClients).where(eq(requestClients.id, requestId));
        if (!request) throw notFound("Demande introuvable.");
        const refused = input.decision === "NON_RECEVABLE";
        await tx
          .update(requestClients)
          .set({
            status: refused ? "REFUSE" : await deriveStatus(tx, requestId),
            refusalReason: refused ? `Demande non recevable : ${input.reason}` : request.refusalReason,
            version: sql`${requestClients.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(requestClients.id, requestId));
        await writeAudit(
          tx,
          actor,
          {
            action: "status",
            entityType: "request",
            entityId: requestId,
            summary: refused
              ? `Demande ${request.reference} déclarée non recevable : ${input.reason}`
              : `Demande ${request.reference} déclarée recevable`,
          },
          requestIdLog,
        );
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
      await load(db, requestId);
      const [first] = await db
        .select({ id: clients.id })
        .from(requestEstablishments)
        .innerJoin(clients, eq(clients.id, requestEstablishments.clientId))
        .where(eq(requestEstablishments.requestId, requestId))
        .orderBy(asc(clients.raisonSocial))
        .limit(1);
      if (!first) throw badRequest("La demande n'a pas d'établissement.");
      const stored = await docs.upload(
        actor,
        { family: "CLIENT", clientId: first.id, name: name || undefined, metaCode: "RECEVABILITE" },
        file,
        requestIdLog,
      );
      await db.transaction(async (tx) => {
        await tx.insert(recevabilityDocuments).values({ requestId, documentId: stored.id });
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
      });
      return read(actor, requestId);
    },
  };
}
export type RecevabilityService = ReturnType<typeof createRecevabilityService>;
