import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  clients,
  contractEstablishments,
  contracts,
  type FebData,
  invoiceSettings,
  type quotes,
  type requestClients,
  requestEstablishments,
} from "../../db/schema/index.js";
import type { AuditActor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { nextNumber } from "../../lib/numbering.js";

/** A blank needs statement, prefilled with what the request already tells. */
export function defaultFeb(
  establishments: Array<{ capacity: number | null; atc: string | null }>,
  wishedPeriod: string | null,
): FebData {
  const capacity = establishments.reduce((s, e) => s + (e.capacity ?? 0), 0);
  return {
    evaluationKind: "FIRST",
    authorisationDate: null,
    authorisationEndDate: null,
    previousEvaluationDate: null,
    peopleSupported: capacity || null,
    staffCount: null,
    sites: establishments.length,
    specificities: null,
    expectations: null,
    wishedPeriod,
    atcContact: establishments.find((e) => e.atc)?.atc ?? null,
  };
}

/** A new contract's deposit term: the body's usual one (Settings › Facturation), changed on the Contrat tab. */
async function defaultDepositPercent(tx: Executor) {
  const [row] = await tx.select({ percent: invoiceSettings.depositPercent }).from(invoiceSettings).limit(1);
  return Number(row?.percent ?? 0);
}

/** The contract prepared when a quote is accepted: numbered, the quote's amounts, the request's establishments. */
export async function insertContractFromQuote(
  tx: Executor,
  actor: AuditActor,
  request: typeof requestClients.$inferSelect,
  quote: typeof quotes.$inferSelect,
  requestId?: string,
) {
  const number = await nextNumber(tx, "CONTRACT");
  const establishments = await tx
    .select({ id: clients.id, capacity: clients.capacity, atc: clients.atc })
    .from(requestEstablishments)
    .innerJoin(clients, eq(clients.id, requestEstablishments.clientId))
    .where(eq(requestEstablishments.requestId, request.id))
    .orderBy(asc(clients.raisonSocial));
  const [created] = await tx
    .insert(contracts)
    .values({
      requestId: request.id,
      quoteId: quote.id,
      number,
      status: "DRAFT",
      typology: request.source === "APPEL_OFFRE" ? "APPEL_OFFRE" : "STANDARD_CONTRACT_DRAWN_UP_WITH_CREG_2",
      amountHT: quote.totalHT,
      vatRate: quote.vatRate,
      amountVAT: quote.totalVAT,
      amountTTC: quote.totalTTC,
      travelExpenseMode: quote.travelExpenseMode,
      travelExpenseAmount: quote.travelExpenseAmount,
      depositPercent: await defaultDepositPercent(tx),
      feb: defaultFeb(establishments, request.wishedPeriod),
      createdBy: actor.userId,
    })
    .returning();
  if (!created) throw new Error("contract not created");
  await tx
    .insert(contractEstablishments)
    .values(establishments.map((e) => ({ contractId: created.id, clientId: e.id, atc: e.atc })));
  await writeAudit(
    tx,
    actor,
    {
      action: "create",
      entityType: "contract",
      entityId: created.id,
      summary: `Contrat ${number} préparé à l'acceptation du devis ${quote.number}`,
    },
    requestId,
  );
  return created;
}
