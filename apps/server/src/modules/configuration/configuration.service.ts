import type { BlockActionData, Configuration, updateConfigurationBodySchema } from "@certidesk/shared";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { configuration } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest, notFound, staleVersion } from "../../lib/errors.js";
import { normaliseImage } from "../../lib/image-guard.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import * as repo from "./configuration.repository.js";

export { ensureConfiguration } from "./configuration.repository.js";

type Row = repo.ConfigurationRow;

type UpdateInput = z.output<typeof updateConfigurationBodySchema>;

export const LOGO_PATH = "/configuration/logo";
export const LOGO_MAX_BYTES = 1024 * 1024;

export const LOGO_FORMAT_MESSAGE = "Format de logo non accepté : utilisez une image PNG, JPEG ou WebP.";
/**
 * The logo is stored as libvips redraws it (lib/image-guard.ts): PNG, or JPEG for a JPEG, fitting in
 * 600 × 600 pixels. It is printed at most 120 × 48 points (500 pixels wide at 300 dpi) and shown 56 pixels high.
 */
const LOGO_IMAGE = { formats: ["png", "jpeg", "webp"], maxSide: 600 } as const;

type Logo = { data: Buffer; mime: string };

/**
 * PNG, JPEG or WebP by their first bytes, not by the name the browser sent: anything else (SVG, which can
 * carry script, included) gets the format message before any decoding.
 */
function isImageSignature(data: Buffer): boolean {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return true;
  return data.subarray(0, 4).toString("latin1") === "RIFF" && data.subarray(8, 12).toString("latin1") === "WEBP";
}

function toConfiguration(row: Row): Configuration {
  return {
    id: row.id,
    companyName: row.companyName,
    logo: row.logoUpdatedAt ? { url: `${LOGO_PATH}?v=${row.logoUpdatedAt.getTime()}` } : null,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    legalForm: row.legalForm,
    siret: row.siret,
    vatNumber: row.vatNumber,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    phone: row.phone,
    email: row.email,
    accreditation: row.accreditation,
    demoData: row.demoData,
    version: row.version,
  };
}

/** Mandatory mentions of quotes and invoices (Code de commerce L441-9): without them, issuing is blocked. */
const REQUIRED_FOR_INVOICING: Array<{ field: keyof Row; label: string }> = [
  { field: "siret", label: "SIRET" },
  { field: "vatNumber", label: "Numéro de TVA intracommunautaire" },
  { field: "address", label: "Adresse" },
  { field: "postalCode", label: "Code postal" },
  { field: "city", label: "Ville" },
  { field: "legalForm", label: "Forme juridique" },
];

export interface ConfigurationServiceDeps {
  db: Database;
  clock?: Clock;
  log?: Pick<FastifyBaseLogger, "warn">;
}

export function createConfigurationService({ db, clock = systemClock, log }: ConfigurationServiceDeps) {
  async function current(tx: Executor = db): Promise<Row> {
    const row = await repo.currentRow(tx);
    if (!row) throw notFound("Configuration introuvable.");
    return row;
  }

  /**
   * The stored logo drawn again by the image guard, once per stored version: a logo saved before the guard
   * (or restored from a backup) that does not decode, or is too large, is left out of every PDF and page
   * rather than handed to pdfmake.
   */
  let readable: { key: string; logo: Promise<Logo | null> } | null = null;
  function readableLogo(row: Row): Promise<Logo | null> {
    if (!row.logoData || !row.logoMime || !row.logoUpdatedAt) return Promise.resolve(null);
    const key = `${row.logoUpdatedAt.getTime()}:${row.logoData.length}`;
    if (readable?.key !== key) {
      readable = {
        key,
        logo: normaliseImage(row.logoData, LOGO_IMAGE).catch((error: unknown) => {
          log?.warn({ err: error }, "stored logo unreadable: left out of PDFs and pages");
          return null;
        }),
      };
    }
    return readable.logo;
  }

  return {
    get: async () => toConfiguration(await current()),

    async update(actor: Actor, id: string, input: UpdateInput, requestId?: string) {
      const { version, ...values } = input;
      const saved = await versionedUpdate({
        db,
        clock,
        table: configuration,
        id,
        version,
        actor,
        requestId,
        entityType: "configuration",
        notFound: "Configuration introuvable.",
        apply: () => ({ values, summary: "Configuration modifiée", changes: true }),
      });
      return toConfiguration(saved);
    },

    async setLogo(actor: Actor, data: Buffer, requestId?: string) {
      if (data.length === 0) throw badRequest("Le fichier est vide.");
      if (data.length > LOGO_MAX_BYTES) throw badRequest("Le logo ne doit pas dépasser 1 Mo.");
      if (!isImageSignature(data)) throw badRequest(LOGO_FORMAT_MESSAGE);
      // Decoded, bounded and redrawn here, before the transaction: a refusal changes nothing.
      const logo = await normaliseImage(data, LOGO_IMAGE);
      return db.transaction(async (tx) => {
        const row = await current(tx);
        const saved = await repo.saveLogo(tx, row.id, { ...logo, at: clock.now() });
        if (!saved) throw staleVersion();
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "configuration",
            entityId: row.id,
            summary: "Logo modifié",
            changes: { logoMime: logo.mime, bytes: logo.data.length },
          },
          requestId,
        );
        return toConfiguration(saved);
      });
    },

    logo: async (): Promise<Logo | null> => readableLogo(await current()),

    async blockActionData(): Promise<BlockActionData> {
      const row = await current();
      const missingFields = REQUIRED_FOR_INVOICING.filter((r) => !row[r.field]).map((r) => ({
        field: r.field,
        label: r.label,
      }));
      const reason = `Identité de la société incomplète : ${missingFields.map((m) => m.label).join(", ")}.`;
      const blockedActions = missingFields.length
        ? [
            { action: "QUOTE_SEND", label: "Envoi de devis", reason },
            { action: "CONTRACT_SEND", label: "Envoi de contrats", reason },
            { action: "INVOICE_ISSUE", label: "Émission de factures", reason },
          ]
        : [];
      return { missingFields, blockedActions };
    },
  };
}
export type ConfigurationService = ReturnType<typeof createConfigurationService>;
