import type { AccountingSettingsBody, FecQuery } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import { accountingSettings } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { unprocessable } from "../../lib/errors.js";
import { authorize } from "../../lib/policy.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import type { ConfigurationService } from "../configuration/index.js";
import { invoiceResource } from "../invoices/index.js";
import * as repo from "./accounting.repository.js";
import { buildFec, fecFileName } from "./fec.js";
import { buildSalesJournal } from "./sales-journal.js";

export interface AccountingDeps {
  db: Database;
  configuration: Pick<ConfigurationService, "get">;
  clock?: Clock;
}

/** What reading the invoices of the whole body asks (the list's check: staff with INVOICE read). */
const anyInvoice = {
  clientId: "",
  kind: "BALANCE",
  status: "INVOICE_SEND",
  totalTtcCents: 0,
  paidCents: 0,
  creditedCents: 0,
};

export function createAccountingService({ db, configuration, clock = systemClock }: AccountingDeps) {
  return {
    settings: () => repo.settings(db),

    async updateSettings(actor: Actor, input: AccountingSettingsBody, requestId?: string) {
      const { version, ...values } = input;
      await repo.settings(db);
      return versionedUpdate({
        db,
        clock,
        table: accountingSettings,
        id: "1",
        key: accountingSettings.id,
        version,
        actor,
        requestId,
        entityType: "accounting_settings",
        notFound: "Paramètres comptables introuvables.",
        apply: () => ({ values, summary: "Comptes et journaux comptables modifiés", changes: true }),
      });
    },

    /**
     * The FEC of a period (sales and bank journals). The SIREN (from the company's SIRET) names the file:
     * without it, 422. Gives each client of the period its auxiliary account if it has none yet (kept).
     */
    async fec(actor: Actor, { from, to }: FecQuery, requestId?: string) {
      authorize(actor, "read", invoiceResource, anyInvoice);
      const siret = (await configuration.get()).siret?.replace(/\s/g, "") ?? "";
      if (!/^\d{9}/.test(siret))
        throw unprocessable(
          "Le FEC porte le SIREN de la société dans son nom : renseignez le SIRET dans Paramètres › Société.",
        );
      const content = await db.transaction(async (tx) => {
        const s = await repo.settings(tx);
        const invoices = await repo.invoicesIssuedBetween(tx, from, to);
        const payments = await repo.paymentsBetween(tx, from, to);
        const clientIds = [...new Set([...invoices, ...payments].map((r) => r.clientId))];
        const codes = await repo.accountsOf(tx, clientIds, s.auxiliaryPrefix);
        const code = (clientId: string) => codes.get(clientId) ?? "";
        await writeAudit(
          tx,
          actor,
          {
            action: "download",
            entityType: "fec",
            entityId: `${from}/${to}`,
            summary: `FEC du ${from} au ${to} téléchargé (${invoices.length} pièce(s) de vente, ${payments.length} règlement(s))`,
          },
          requestId,
        );
        return buildFec(
          invoices.map((i) => ({
            kind: i.kind,
            number: i.number ?? "",
            issueDate: i.issueDate ?? "",
            clientName: i.clientName,
            auxCode: code(i.clientId),
            lines: i.lines.map((l) => ({
              quantity: Number(l.quantity),
              unitPriceCents: l.unitPriceCents,
              vatRate: Number(l.vatRate),
            })),
          })),
          payments.map((p) => ({ ...p, invoiceNumber: p.invoiceNumber ?? "", auxCode: code(p.clientId) })),
          s,
        );
      });
      return { fileName: fecFileName(siret.slice(0, 9), to), content };
    },

    /** The sales journal of a period as a CSV (one line per account), for software that does not read a FEC. */
    async salesJournal(actor: Actor, { from, to }: FecQuery) {
      authorize(actor, "read", invoiceResource, anyInvoice);
      const [s, invoices] = await Promise.all([repo.settings(db), repo.invoicesIssuedBetween(db, from, to)]);
      return buildSalesJournal(invoices, s);
    },
  };
}
export type AccountingService = ReturnType<typeof createAccountingService>;
