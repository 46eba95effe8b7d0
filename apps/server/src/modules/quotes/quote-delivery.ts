import { formatCurrency, quoteLabel } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, conflict, staleVersion } from "../../lib/errors.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import type { ConfigurationService } from "../configuration/index.js";
import type { DocumentsService, DocumentToFile } from "../documents/index.js";
import { enqueueMail } from "../mail/index.js";
import { renderQuotePdf } from "./quote-pdf.js";
import { openRequest, type Quote, type QuoteReader } from "./quote-writes.js";
import * as repo from "./quotes.repository.js";

export interface QuoteDeliveryDeps {
  db: Database;
  documents: DocumentsService;
  configuration: ConfigurationService;
  clock: Clock;
  onMailQueued?: () => void;
}

/** The quote's PDF and its sending by mail. */
export function createQuoteDelivery(
  { db, documents: docs, configuration, clock, onMailQueued }: QuoteDeliveryDeps,
  { load, get, write }: QuoteReader,
) {
  /** Renders the PDF with the company's identity; it is filed in the first establishment's documents by the write. */
  async function renderPdf(quote: Quote) {
    const ctx = await repo.quoteContext(db, quote.requestId);
    const first = ctx?.establishments[0];
    if (!ctx || !first) throw badRequest("La demande n'a pas d'établissement.");
    const lines = await repo.linesOf(db, [quote.id]);
    const identity = { configuration: await configuration.get(), logo: await configuration.logo() };
    const data = await renderQuotePdf(identity, quote, lines, ctx);
    const label = quoteLabel(quote);
    const pdf: DocumentToFile = {
      meta: { family: "CLIENT", clientId: first.id, name: `Devis ${label}`, metaCode: "QUOTE" },
      file: { fileName: `devis-${label}.pdf`, data },
      reuse: quote.documentId,
    };
    return { pdf, ctx };
  }

  return {
    /** The PDF is filed with the quote's change, after its version is checked: a stale call files nothing. */
    async generatePdf(actor: Actor, id: string, version: number, logId?: string) {
      const quote = await load(actor, id, "print");
      if (quote.version !== version) throw staleVersion();
      const { pdf } = await renderPdf(quote);
      await docs.withDocument(actor, pdf, (filed) =>
        versionedUpdate({
          ...write(actor, id, "print", logId),
          version,
          apply: async (tx) => ({
            values: { documentId: (await filed.file(tx)).id },
            summary: `PDF du devis ${quoteLabel(quote)} généré`,
          }),
        }),
      );
      return get(actor, id);
    },

    /** Sends the quote: refused while the company identity is incomplete; PDF attached, mail queued with the change. */
    async send(actor: Actor, id: string, input: { to?: string[]; version: number }, logId?: string) {
      const blocked = (await configuration.blockActionData()).blockedActions.find((a) => a.action === "QUOTE_SEND");
      if (blocked)
        throw conflict(`Envoi du devis impossible. ${blocked.reason} Complétez-la dans Paramètres › Société.`);
      const quote = await load(actor, id, "send");
      if (quote.version !== input.version) throw staleVersion();
      await openRequest(db, quote.requestId);
      const ctxBefore = await repo.quoteContext(db, quote.requestId);
      const to = input.to?.length ? input.to : ctxBefore?.contact?.email ? [ctxBefore.contact.email] : [];
      if (to.length === 0)
        throw badRequest("Aucune adresse e-mail : renseignez le contact de la demande ou un destinataire.");
      const { pdf, ctx } = await renderPdf(quote);
      const first = ctx.establishments[0];
      await docs.withDocument(actor, pdf, (filed) =>
        versionedUpdate({
          ...write(actor, id, "send", logId),
          version: input.version,
          apply: async (tx) => {
            const doc = await filed.file(tx);
            await enqueueMail(
              tx,
              actor,
              {
                templateCode: "QUOTE_SEND",
                to,
                variables: {
                  client: { raisonSocial: first?.raisonSocial ?? "", city: first?.city ?? "" },
                  contact: { firstName: ctx.contact?.firstName ?? "", lastName: ctx.contact?.lastName ?? "" },
                  quote: {
                    number: quoteLabel(quote),
                    totalTTC: formatCurrency(quote.totalTTC),
                  },
                },
                attachments: [{ documentId: doc.id, fileName: doc.fileName }],
                clientId: first?.id ?? null,
                relatedType: "quote",
                relatedId: id,
              },
              logId,
            );
            return {
              values: { status: "SENT", sentAt: clock.now(), documentId: doc.id },
              summary: `Devis ${quoteLabel(quote)} envoyé à ${to.join(", ")}`,
              action: "status",
            };
          },
        }),
      );
      onMailQueued?.();
      return get(actor, id);
    },

    /** Accepted: the other live quotes are superseded and the contract is prepared. */
  };
}
