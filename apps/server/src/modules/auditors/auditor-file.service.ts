import {
  AUDITOR_DOCUMENT_KIND_LABELS,
  type AuditorDocumentKind,
  type AuditorDocuments,
  type AuditorLink,
  documentKindNeedsValidity,
  type endLinkBodySchema,
  type linkBodySchema,
  type OrganisationType,
  requiredDocumentKinds,
  type unavailabilityBodySchema,
} from "@certidesk/shared";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import type { auditorLinks } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import type { DocumentLinks, DocumentsService, UploadedFile } from "../documents/index.js";
import { auditorName } from "./auditor-row.js";
import { authorize } from "./auditors.policy.js";
import {
  auditorDocuments,
  bookedDaysBetween,
  deleteUnavailability,
  endLink,
  findAuditor,
  findLink,
  insertLink,
  insertUnavailability,
  listLinks,
  organisationName,
  organisationOptions,
  unavailabilityBetween,
} from "./auditors.repository.js";
import { addDays, addMonths, frDate } from "./impartiality/dates.js";
import { loadSettings } from "./impartiality/load-facts.js";

type LinkInput = z.output<typeof linkBodySchema>;
type UnavailabilityInput = z.output<typeof unavailabilityBodySchema>;

export interface AuditorFileDeps {
  db: Database;
  clock: Clock;
  documents: DocumentsService;
  links: DocumentLinks;
}

/** Links of interest (append-only), unavailability, documents with validity: the parts of a file that grow. */
export function createAuditorFileService({ db, clock, documents: docs, links: docLinks }: AuditorFileDeps) {
  async function requireAuditor(tx: Executor, id: string) {
    const a = await findAuditor(tx, id);
    if (!a) throw notFound("Évaluateur introuvable.");
    return a;
  }

  const toLink = (l: typeof auditorLinks.$inferSelect): AuditorLink => ({
    id: l.id,
    organisationType: l.organisationType as OrganisationType,
    organisationId: l.organisationId,
    organisationName: l.organisationName,
    nature: l.nature as AuditorLink["nature"],
    startDate: l.startDate,
    endDate: l.endDate,
    comment: l.comment,
    recordedBy: l.recordedByLabel,
    recordedAt: l.recordedAt.toISOString(),
    endedBy: l.endedByLabel,
    endedAt: l.endedAt?.toISOString() ?? null,
  });

  return {
    async links(actor: Actor, id: string) {
      authorize(actor, "read", { id });
      await requireAuditor(db, id);
      const rows = await listLinks(db, id);
      return rows.map(toLink);
    },

    /** Organisations a link may name (ESSMS, legal entity, gestionnaire), searched without accents. */
    async organisationOptions(actor: Actor, type: OrganisationType, search: string | undefined) {
      if (actor.profileType === "MYQUALIANOR") throw notFound();
      return organisationOptions(db, type, search);
    },

    async declareLink(actor: Actor, id: string, input: LinkInput, requestId?: string) {
      authorize(actor, "declare", { id });
      return db.transaction(async (tx) => {
        const auditor = await requireAuditor(tx, id);
        const name = await organisationName(tx, input.organisationType, input.organisationId);
        if (!name) throw badRequest("Organisation introuvable.");
        const created = await insertLink(tx, {
          ...input,
          auditorId: id,
          organisationName: name,
          recordedById: actor.userId,
          recordedByLabel: actor.label,
          recordedAt: clock.now(),
        });
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "auditor",
            entityId: id,
            summary: `Lien d'intérêts de ${auditorName(auditor)} avec « ${name} » déclaré (début le ${frDate(input.startDate)})`,
          },
          requestId,
        );
        return toLink(created);
      });
    },

    /** A link is never deleted: it is ended once, its end date kept with who ended it. */
    async endLink(
      actor: Actor,
      id: string,
      linkId: string,
      input: z.output<typeof endLinkBodySchema>,
      requestId?: string,
    ) {
      authorize(actor, "declare", { id });
      return db.transaction(async (tx) => {
        const auditor = await requireAuditor(tx, id);
        const link = await findLink(tx, id, linkId);
        if (!link) throw notFound("Lien d'intérêts introuvable.");
        if (input.endDate < link.startDate) throw badRequest("La date de fin suit la date de début.");
        const saved = await endLink(tx, linkId, {
          endDate: input.endDate,
          endedById: actor.userId,
          endedByLabel: actor.label,
          endedAt: clock.now(),
        });
        if (!saved) throw conflict("Ce lien d'intérêts est déjà terminé : sa date de fin ne change plus.");
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "auditor",
            entityId: id,
            summary: `Lien d'intérêts de ${auditorName(auditor)} avec « ${link.organisationName} » terminé le ${frDate(input.endDate)}`,
          },
          requestId,
        );
        return toLink(saved);
      });
    },

    /** Unavailability periods and the visit days already booked on missions, between two dates. */
    async availability(actor: Actor, id: string, range: { from?: string | undefined; to?: string | undefined }) {
      authorize(actor, "read", { id });
      await requireAuditor(db, id);
      const month = clock.today().slice(0, 7);
      const from = range.from ?? `${month}-01`;
      const to = range.to ?? addDays(addMonths(`${from.slice(0, 7)}-01`, 1), -1);
      const [off, booked] = await Promise.all([
        unavailabilityBetween(db, id, from, to),
        bookedDaysBetween(db, id, from, to),
      ]);
      return {
        unavailability: off.map((u) => ({
          id: u.id,
          startDate: u.startDate,
          endDate: u.endDate,
          reason: u.reason,
          createdAt: u.createdAt.toISOString(),
        })),
        booked: booked.map((b) => ({ ...b, clientName: b.clientName ?? "Tous les établissements" })),
      };
    },

    async addUnavailability(actor: Actor, id: string, input: UnavailabilityInput, requestId?: string) {
      authorize(actor, "declare", { id });
      return db.transaction(async (tx) => {
        const auditor = await requireAuditor(tx, id);
        const created = await insertUnavailability(tx, { ...input, auditorId: id, createdBy: actor.userId });
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "auditor",
            entityId: id,
            summary: `Indisponibilité de ${auditorName(auditor)} du ${frDate(input.startDate)} au ${frDate(input.endDate)}`,
          },
          requestId,
        );
        return { ...created, createdAt: created.createdAt.toISOString() };
      });
    },

    async removeUnavailability(actor: Actor, id: string, periodId: string, requestId?: string) {
      authorize(actor, "declare", { id });
      await db.transaction(async (tx) => {
        const auditor = await requireAuditor(tx, id);
        const removed = await deleteUnavailability(tx, id, periodId);
        if (!removed) throw notFound("Indisponibilité introuvable.");
        await writeAudit(
          tx,
          actor,
          {
            action: "delete",
            entityType: "auditor",
            entityId: id,
            summary: `Indisponibilité de ${auditorName(auditor)} du ${frDate(removed.startDate)} au ${frDate(removed.endDate)} retirée`,
          },
          requestId,
        );
      });
    },

    /** The evaluator's documents with their validity, and the required kinds with nothing valid today. */
    async documents(actor: Actor, id: string): Promise<AuditorDocuments> {
      authorize(actor, "read", { id });
      const auditor = await requireAuditor(db, id);
      const settings = await loadSettings(db);
      const today = clock.today();
      const soon = addDays(today, settings.expiringSoonDays);
      const rows = await auditorDocuments(db, id);
      const list = rows.map((d) => ({
        id: d.id,
        kind: (d.auditorDocumentKind as AuditorDocumentKind | null) ?? null,
        name: d.name,
        fileName: d.fileName,
        validUntil: d.validUntil,
        state: (d.validUntil === null || d.validUntil > soon
          ? "VALID"
          : d.validUntil >= today
            ? "EXPIRING"
            : "EXPIRED") as "VALID" | "EXPIRING" | "EXPIRED",
        createdAt: d.createdAt.toISOString(),
        ...docLinks.links(d.id),
      }));
      const missing = requiredDocumentKinds(auditor.status)
        .filter((kind) => !list.some((d) => d.kind === kind && (d.validUntil === null || d.validUntil >= today)))
        .map((kind) => ({ kind, label: AUDITOR_DOCUMENT_KIND_LABELS[kind] }));
      return { documents: list, missing };
    },

    /** Stores a document of the evaluator's file; the kinds that expire need their validity date. */
    async uploadDocument(
      actor: Actor,
      id: string,
      meta: { kind: AuditorDocumentKind; validUntil: string | null; name?: string },
      file: UploadedFile,
      requestId?: string,
    ) {
      authorize(actor, "declare", { id });
      await requireAuditor(db, id);
      if (documentKindNeedsValidity(meta.kind) && !meta.validUntil)
        throw badRequest(`Indiquez la date de fin de validité (${AUDITOR_DOCUMENT_KIND_LABELS[meta.kind]}).`);
      const name = meta.name?.trim() || AUDITOR_DOCUMENT_KIND_LABELS[meta.kind];
      await docs.upload(
        actor,
        { family: "AUDITOR", auditorId: id, name, auditorDocumentKind: meta.kind, validUntil: meta.validUntil },
        file,
        requestId,
      );
      return this.documents(actor, id);
    },
  };
}
export type AuditorFileService = ReturnType<typeof createAuditorFileService>;
