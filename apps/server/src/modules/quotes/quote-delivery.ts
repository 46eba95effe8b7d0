import { formatCurrency, quoteLabel } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { badRequest, conflict, notFound, staleVersion } from "../../lib/errors.js";
import type { ConfigurationService } from "../configuration/configuration.service.js";
import type { DocumentsService } from "../documents/documents.service.js";
import { enqueueMail } from "../mail/mail.service.js";
import { renderQuotePdf } from "./quote-pdf.js";
import { NOT_FOUND, openRequest, type Quote, type QuoteReader } from "./quote-writes.js";
import * as repo from "./quotes.repository.js";

export interface QuoteDeliveryDeps {
  db: Database;
  documents: DocumentsService;
  configuration: ConfigurationService;
  onMailQueued?: () => void;
}

/** The quote's PDF and its sending by mail. */
export function createQuoteDelivery(
  { db, documents: docs, configuration, onMailQueued }: QuoteDeliveryDeps,
  { transition }: QuoteReader,
) {
  /** Renders the PDF with the company's identity and keeps it in the first establishment's documents. */
  async function storePdf(actor: Actor, quote: Quote) {
    const ctx = await repo.quoteContext(db, quote.requestId);
    const first = ctx?.establishments[0];
    if (!ctx || !first) throw badRequest("La demande n'a pas d'établissement.");
    const lines = await repo.linesOf(db, [quote.id]);
    const identity = { configuration: await configuration.get(), logo: await configuration.logo() };
    const data = await renderQuotePdf(identity, quote, lines, ctx);
    const label = quoteLabel(quote);
    const doc = await docs.storeGenerated(
      actor,
      { family: "CLIENT", clientId: first.id, name: `Devis ${label}`, metaCode: "QUOTE" },
      { fileName: `devis-${label}.pdf`, data },
    );
    return { doc, ctx, identity };
  }

  return {
    async generatePdf(actor: Actor, id: string, logId?: string) {
      const quote = await repo.findQuote(db, id);
      if (!quote) throw notFound(NOT_FOUND);
      const { doc } = await storePdf(actor, quote);
      return transition(
        actor,
        id,
        quote.version,
        async () => ({
          values: { documentId: doc.id },
          summary: `PDF du devis ${quoteLabel(quote)} généré`,
          action: "update",
        }),
        logId,
      );
    },

    /** Sends the quote: refused while the company identity is incomplete; PDF attached, mail queued with the change. */
    async send(actor: Actor, id: string, input: { to?: string[]; version: number }, logId?: string) {
      const blocked = (await configuration.blockActionData()).blockedActions.find((a) => a.action === "QUOTE_SEND");
      if (blocked)
        throw conflict(`Envoi du devis impossible. ${blocked.reason} Complétez-la dans Paramètres › Société.`);
      const quote = await repo.findQuote(db, id);
      if (!quote) throw notFound(NOT_FOUND);
      if (quote.version !== input.version) throw staleVersion();
      if (quote.status !== "DRAFT" && quote.status !== "SENT") throw conflict("Ce devis n'est plus à envoyer.");
      await openRequest(db, quote.requestId);
      const ctxBefore = await repo.quoteContext(db, quote.requestId);
      const to = input.to?.length ? input.to : ctxBefore?.contact?.email ? [ctxBefore.contact.email] : [];
      if (to.length === 0)
        throw badRequest("Aucune adresse e-mail : renseignez le contact de la demande ou un destinataire.");
      const { doc, ctx } = await storePdf(actor, quote);
      const first = ctx.establishments[0];
      const result = await transition(
        actor,
        id,
        input.version,
        async (tx) => {
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
            values: { status: "SENT", sentAt: new Date(), documentId: doc.id },
            summary: `Devis ${quoteLabel(quote)} envoyé à ${to.join(", ")}`,
          };
        },
        logId,
      );
      onMailQueued?.();
      return result;
    },

    /** Accepted: the other live quotes are superseded and the contract is prepared. */
  };
}
