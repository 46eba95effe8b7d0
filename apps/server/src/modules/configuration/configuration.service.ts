import type { BlockActionData, Configuration, updateConfigurationBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { configuration } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest, notFound, staleVersion } from "../../lib/errors.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import * as repo from "./configuration.repository.js";

export { ensureConfiguration } from "./configuration.repository.js";

type Row = repo.ConfigurationRow;
type UpdateInput = z.output<typeof updateConfigurationBodySchema>;

export const LOGO_PATH = "/configuration/logo";
export const LOGO_MAX_BYTES = 1024 * 1024;

/** Logo types recognised by their first bytes, not by the name the browser sent. SVG is refused: it can carry script. */
export function sniffImage(data: Buffer): string | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.subarray(0, 4).toString("latin1") === "RIFF" && data.subarray(8, 12).toString("latin1") === "WEBP")
    return "image/webp";
  if (data.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0]))) return "image/x-icon";
  return null;
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

export function createConfigurationService({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  async function current(tx: Executor = db): Promise<Row> {
    const row = await repo.currentRow(tx);
    if (!row) throw notFound("Configuration introuvable.");
    return row;
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
      const mime = sniffImage(data);
      if (!mime) throw badRequest("Format de logo non accepté : utilisez une image PNG, JPEG, WebP ou ICO.");
      return db.transaction(async (tx) => {
        const row = await current(tx);
        const saved = await repo.saveLogo(tx, row.id, { data, mime, at: clock.now() });
        if (!saved) throw staleVersion();
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "configuration",
            entityId: row.id,
            summary: "Logo modifié",
            changes: { logoMime: mime, bytes: data.length },
          },
          requestId,
        );
        return toConfiguration(saved);
      });
    },

    async logo(): Promise<{ data: Buffer; mime: string } | null> {
      const row = await current();
      return row.logoData && row.logoMime ? { data: row.logoData, mime: row.logoMime } : null;
    },

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
