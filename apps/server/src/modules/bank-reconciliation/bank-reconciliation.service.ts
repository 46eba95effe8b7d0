import {
  type BankImportResult,
  type BankLine,
  type BankLinePage,
  type BankLineStatus,
  type BulkConfirmBody,
  type ConfirmBankLineBody,
  formatCurrency,
  formatDate,
} from "@certidesk/shared";
import type { Database, Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { notFound, staleVersion, unprocessable } from "../../lib/errors.js";
import { authorize } from "../../lib/policy.js";
import { recordPayment } from "../invoices/index.js";
import { ANY_LINE, bankLineResource } from "./bank-reconciliation.policy.js";
import * as repo from "./bank-reconciliation.repository.js";
import { allocate, type Candidate, type Proposal, propose } from "./matching.js";
import { parseStatement } from "./parse-statement.js";
import { renderBankCsv, renderCamt053, sampleEntries } from "./sample-statement.js";

export interface BankReconciliationDeps {
  db: Database;
  clock?: Clock;
  /** The server runs the demonstration: the sample statement is offered. */
  demo?: boolean;
}

const euros = (cents: number) => cents / 100;
const ref = (c: Candidate, cents: number) => ({
  invoiceId: c.id,
  number: c.number ?? "",
  clientName: c.clientName,
  amount: euros(cents),
});

export function createBankReconciliationService({ db, clock = systemClock, demo = false }: BankReconciliationDeps) {
  /** The proposal of each line to match, from the open invoices as they are now. */
  async function proposalsFor(tx: Executor, lines: repo.LineRow[]) {
    const texts = [...new Set(lines.flatMap((l) => [l.label, l.reference ?? ""]).filter(Boolean))];
    const [named, sameAmount] = await Promise.all([
      repo.openInvoicesNamedIn(tx, texts),
      repo.openInvoicesDue(tx, [...new Set(lines.map((l) => l.amountCents))]),
    ]);
    const proposals = new Map<string, Proposal | null>();
    for (const l of lines) {
      const mine = named.filter((n) => n.text === l.label || n.text === l.reference);
      const unique = mine.filter((n, i) => mine.findIndex((m) => m.id === n.id) === i);
      proposals.set(l.id, propose(l, unique, sameAmount));
    }
    return proposals;
  }

  async function confirmLine(
    tx: Executor,
    actor: Actor,
    id: string,
    version: number,
    invoiceIds?: string[],
    requestId?: string,
  ) {
    const line = await repo.lockLine(tx, id);
    if (!line) throw notFound(bankLineResource.notFound);
    authorize(actor, "confirm", bankLineResource, line);
    if (line.version !== version) throw staleVersion();
    const when = `Ligne du ${formatDate(line.bookingDate)} (${formatCurrency(euros(line.amountCents))})`;
    let chosen: Candidate[];
    if (invoiceIds) {
      const found = await repo.openByIds(tx, invoiceIds);
      chosen = [...new Set(invoiceIds)].map((i) => {
        const invoice = found.find((f) => f.id === i);
        if (!invoice?.number) throw notFound("Facture introuvable.");
        return invoice;
      });
    } else {
      const proposal = (await proposalsFor(tx, [line])).get(id);
      if (!proposal) throw unprocessable(`${when} : aucune facture n'est proposée ; choisissez-la.`);
      chosen = proposal.invoices;
    }
    const settled = chosen.find((c) => c.dueCents <= 0);
    if (settled) throw unprocessable(`La facture ${settled.number} n'a plus rien à payer.`);
    const shares = allocate(
      line.amountCents,
      chosen.map((c) => c.dueCents),
    );
    const owed = chosen.reduce((a, c) => a + c.dueCents, 0);
    if (!shares)
      throw unprocessable(
        owed < line.amountCents
          ? `${when} : le virement dépasse ce que doivent les factures choisies (${formatCurrency(euros(owed))}). Ajoutez la facture manquante ou ignorez la ligne.`
          : `${when} : le virement est épuisé avant la dernière facture choisie ; retirez-la.`,
      );
    for (const [i, c] of chosen.entries()) {
      const amountCents = shares[i] ?? 0;
      const paymentId = await recordPayment(
        tx,
        actor,
        c.id,
        {
          date: line.bookingDate,
          amount: euros(amountCents),
          method: "TRANSFER",
          reference: `Relevé du ${formatDate(line.bookingDate)} : ${line.label}`.slice(0, 100),
        },
        { clock, requestId },
      );
      await repo.insertLinePayment(tx, { lineId: id, invoiceId: c.id, paymentId, amountCents });
    }
    if (
      !(await repo.decideLine(tx, id, version, { status: "MATCHED", decidedBy: actor.userId, decidedAt: clock.now() }))
    )
      throw staleVersion();
    await writeAudit(
      tx,
      actor,
      {
        action: "reconcile",
        entityType: "bank_line",
        entityId: id,
        summary: `${when} rapprochée de ${chosen.map((c) => c.number).join(", ")}`,
      },
      requestId,
    );
  }

  async function decide(actor: Actor, id: string, version: number, action: "ignore" | "restore", requestId?: string) {
    await db.transaction(async (tx) => {
      const line = await repo.lockLine(tx, id);
      if (!line) throw notFound(bankLineResource.notFound);
      authorize(actor, action, bankLineResource, line);
      const status: BankLineStatus = action === "ignore" ? "IGNORED" : "TO_MATCH";
      if (!(await repo.decideLine(tx, id, version, { status, decidedBy: actor.userId, decidedAt: clock.now() })))
        throw staleVersion();
      const summary = `Ligne du ${formatDate(line.bookingDate)} (${formatCurrency(euros(line.amountCents))}) ${action === "ignore" ? "ignorée" : "remise à rapprocher"}`;
      await writeAudit(tx, actor, { action, entityType: "bank_line", entityId: id, summary }, requestId);
    });
    return view(actor, id);
  }

  async function view(actor: Actor, id: string): Promise<BankLine> {
    const line = await repo.findLine(db, id);
    if (!line) throw notFound(bankLineResource.notFound);
    authorize(actor, "read", bankLineResource, line);
    return (await toLines([line]))[0] as BankLine;
  }

  async function toLines(lines: repo.LineRow[]): Promise<BankLine[]> {
    const [proposals, payments] = await Promise.all([
      proposalsFor(
        db,
        lines.filter((l) => l.status === "TO_MATCH"),
      ),
      repo.paymentsOfLines(
        db,
        lines.filter((l) => l.status === "MATCHED").map((l) => l.id),
      ),
    ]);
    return lines.map((l) => {
      const p = proposals.get(l.id) ?? null;
      return {
        id: l.id,
        bookingDate: l.bookingDate,
        amount: euros(l.amountCents),
        label: l.label,
        reference: l.reference,
        counterparty: l.counterparty,
        status: l.status as BankLineStatus,
        proposal: p ? p.invoices.map((c) => ref(c, c.dueCents)) : [],
        reason: p?.reason ?? null,
        payments: payments
          .filter((x) => x.lineId === l.id)
          .map((x) => ({
            invoiceId: x.invoiceId,
            number: x.number ?? "",
            clientName: x.clientName,
            amount: euros(x.amountCents),
          })),
        version: l.version,
      };
    });
  }

  return {
    /**
     * Reads a statement (camt.053 or CSV) and keeps its credit lines that no earlier import brought. A bad
     * file answers 422 and records nothing; debits are counted, not kept (they pay no client invoice).
     */
    async importStatement(
      actor: Actor,
      file: { fileName: string; data: Buffer },
      requestId?: string,
    ): Promise<BankImportResult> {
      authorize(actor, "import", bankLineResource, ANY_LINE);
      const parsed = parseStatement(file.data);
      const credits = parsed.lines.filter((l) => l.amountCents > 0);
      const debits = parsed.lines.length - credits.length;
      return db.transaction(async (tx) => {
        const known = await repo.knownKeys(
          tx,
          credits.map((l) => l.key),
        );
        const fresh = credits.filter((l) => !known.has(l.key));
        let added = 0;
        if (fresh.length > 0) {
          const now = clock.now();
          const statement = await repo.insertStatement(tx, {
            format: parsed.format,
            fileName: file.fileName.slice(0, 200),
            accountIban: parsed.accountIban,
            addedCount: 0,
            importedBy: actor.userId,
            importedAt: now,
          });
          added = await repo.insertLines(tx, statement.id, fresh, now);
          await repo.setAddedCount(tx, statement.id, added);
          await writeAudit(
            tx,
            actor,
            {
              action: "import",
              entityType: "bank_statement",
              entityId: statement.id,
              summary: `Relevé bancaire ${file.fileName.slice(0, 100)} importé : ${added} ligne(s) à rapprocher`,
            },
            requestId,
          );
        }
        return { format: parsed.format, added, alreadyImported: credits.length - added, debits };
      });
    },

    async list(actor: Actor, query: { status: BankLineStatus; page: number; pageSize: number }): Promise<BankLinePage> {
      authorize(actor, "read", bankLineResource, ANY_LINE);
      const { items, counts } = await repo.listLines(db, query.status, query);
      const n = (s: BankLineStatus) => counts.find((c) => c.status === s)?.n ?? 0;
      return {
        items: await toLines(items),
        total: n(query.status),
        page: query.page,
        pageSize: query.pageSize,
        counts: { TO_MATCH: n("TO_MATCH"), MATCHED: n("MATCHED"), IGNORED: n("IGNORED") },
        sampleAvailable: demo,
      };
    },

    /** Records the line's payment(s) on the proposed invoices, or on the invoices chosen by hand. */
    async confirm(actor: Actor, id: string, body: ConfirmBankLineBody, requestId?: string) {
      await db.transaction((tx) => confirmLine(tx, actor, id, body.version, body.invoiceIds, requestId));
      return view(actor, id);
    },

    /** Confirms the proposals of several lines at once: all of them, or none (the first refusal says why). */
    async confirmMany(actor: Actor, body: BulkConfirmBody, requestId?: string) {
      await db.transaction(async (tx) => {
        for (const l of body.lines) await confirmLine(tx, actor, l.id, l.version, undefined, requestId);
      });
      return { confirmed: body.lines.length };
    },

    ignore: (actor: Actor, id: string, version: number, requestId?: string) =>
      decide(actor, id, version, "ignore", requestId),
    restore: (actor: Actor, id: string, version: number, requestId?: string) =>
      decide(actor, id, version, "restore", requestId),

    async invoiceOptions(actor: Actor, search: string | undefined) {
      authorize(actor, "read", bankLineResource, ANY_LINE);
      const rows = await repo.openInvoiceOptions(db, search);
      return { items: rows.map((c) => ref(c, c.dueCents)) };
    },

    /** The demonstration's statement of the day, paying some open invoices (demo servers only). */
    async sample(actor: Actor, format: "camt053" | "csv") {
      authorize(actor, "read", bankLineResource, ANY_LINE);
      if (!demo) throw notFound("Le relevé d'exemple n'existe que sur le serveur de démonstration.");
      const today = clock.today();
      const entries = sampleEntries(await repo.openInvoiceOptions(db, undefined), today);
      return format === "csv"
        ? {
            fileName: `releve-demo-${today}.csv`,
            mime: "text/csv; charset=utf-8",
            content: renderBankCsv(entries, today),
          }
        : {
            fileName: `releve-demo-${today}.xml`,
            mime: "application/xml; charset=utf-8",
            content: renderCamt053(entries, today, "FR7630006000011234567890189"),
          };
    },
  };
}
export type BankReconciliationService = ReturnType<typeof createBankReconciliationService>;
