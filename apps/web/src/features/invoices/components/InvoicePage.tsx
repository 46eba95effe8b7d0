import {
  formatCurrency,
  formatDate,
  formatDecimal,
  INVOICE_KIND_LABELS,
  type InvoiceDetail,
  PAYMENT_METHOD_LABELS,
  vatRateLabel,
} from "@certidesk/shared";
import { Alert, Anchor, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconDownload, IconReceiptRefund, IconReceiptTax, IconSend, IconWallet } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { FocusKeeper, LoadingOverlay } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useCreditInvoice } from "../api/credit-note";
import { invoicePdfUrl, useInvoice } from "../api/get-invoice";
import { useIssueInvoice } from "../api/issue-invoice";
import { useRebillExpenses } from "../api/rebill-expenses";
import { CreditNoteModal } from "./CreditNoteModal";
import { InvoiceDraftForm } from "./InvoiceDraftForm";
import { InvoiceSendingStatus, SendInvoiceButton } from "./InvoiceSending";
import { InvoiceStatusBadge, invoiceTitle } from "./invoice-labels";
import { PaymentModal } from "./PaymentModal";

function Party({ title, party }: { title: string; party: InvoiceDetail["buyer"] | null }) {
  if (!party) return null;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {title}
      </Text>
      <Text fw={600}>{party.name}</Text>
      {party.address && <Text size="sm">{party.address}</Text>}
      <Text size="sm">{[party.postalCode, party.city].filter(Boolean).join(" ")}</Text>
      {(party.siret || party.siren) && (
        <Text size="xs" c="dimmed">
          {party.siret ? `SIRET ${party.siret}` : `SIREN ${party.siren}`}
          {party.vatNumber ? ` · TVA ${party.vatNumber}` : ""}
        </Text>
      )}
    </Stack>
  );
}

function IssuedLines({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Désignation</Table.Th>
            <Table.Th ta="right">Quantité</Table.Th>
            <Table.Th ta="right">Prix unitaire HT</Table.Th>
            <Table.Th ta="right">TVA</Table.Th>
            <Table.Th ta="right">Total HT</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an issued invoice never change.
            <Table.Tr key={i}>
              <Table.Td>{l.label}</Table.Td>
              <Table.Td ta="right">{formatDecimal(l.quantity)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(l.unitPrice)}</Table.Td>
              <Table.Td ta="right">{vatRateLabel(l.vatRate)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(l.totalHt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A balance that deducts the deposit says so above its lines: what was already invoiced, and how much. */
function DepositDeduction({ invoice }: { invoice: InvoiceDetail }) {
  const deductions = invoice.lines.filter((l) => l.kind === "DEPOSIT_DEDUCTION");
  if (deductions.length === 0) return null;
  return (
    <Alert color="blue" title="Acompte déduit">
      {deductions.map((l) => (
        <Text size="sm" key={l.label}>
          {l.label} : {formatCurrency(l.totalHt)} HT
        </Text>
      ))}
    </Alert>
  );
}

/** One invoice (route /app/facture/:id): the draft's editor, or the issued invoice with its payments. */
export function InvoicePage() {
  const { id = "" } = useParams();
  const { data: invoice, isLoading, error } = useInvoice(id);
  useBranding(invoice ? invoiceTitle(invoice) : "Facture");
  const navigate = useNavigate();
  const issue = useIssueInvoice();
  const credit = useCreditInvoice();
  const rebill = useRebillExpenses();
  const [confirming, setConfirming] = useState(false);
  const [paying, setPaying] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [crediting, setCrediting] = useState(false);
  if (isLoading) return <LoadingOverlay visible />;
  if (!invoice)
    return (
      <Alert color="red" role="alert">
        {errorMessage(error)}
      </Alert>
    );
  const draft = invoice.status === "INVOICE_PREPARE";
  const blocked = invoice.missingMentions.length > 0;

  const doIssue = () =>
    issue
      .mutateAsync({ id: invoice.id, version: invoice.version })
      .then((saved) => notifySaved(`Facture ${saved.number} émise.`), notifyError)
      .finally(() => setConfirming(false));

  return (
    <Stack>
      <Anchor component={Link} to="/app/facture" size="sm">
        ← Toutes les factures
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {invoiceTitle(invoice)}
          </Title>
          <Group gap="xs">
            <InvoiceStatusBadge row={invoice} />
            <Text size="sm" c="dimmed">
              {INVOICE_KIND_LABELS[invoice.kind]} · contrat {invoice.contractNumber} · {invoice.clientName}
            </Text>
            {invoice.missionId && (
              <Anchor component={Link} to={`/app/mission/${invoice.clientId}/${invoice.missionId}`} size="sm">
                Voir la mission
              </Anchor>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          {!draft && (
            <Button
              component="a"
              href={invoicePdfUrl(invoice.id)}
              download
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              Télécharger le PDF (Factur-X)
            </Button>
          )}
          <SendInvoiceButton invoice={invoice} />
          {invoice.abilities.pay && (
            <Button
              variant={invoice.status === "INVOICE_ISSUED" ? "light" : "filled"}
              leftSection={<IconWallet size={16} />}
              onClick={() => setPaying(true)}
            >
              Enregistrer un paiement
            </Button>
          )}
          {invoice.abilities.refund && (
            <Button variant="light" leftSection={<IconWallet size={16} />} onClick={() => setRefunding(true)}>
              Enregistrer le remboursement
            </Button>
          )}
          {invoice.abilities.credit && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconReceiptRefund size={16} />}
              onClick={() => setCrediting(true)}
            >
              Émettre un avoir
            </Button>
          )}
          {draft && invoice.kind === "BALANCE" && invoice.abilities.update && (
            <Button
              variant="default"
              leftSection={<IconReceiptTax size={16} />}
              loading={rebill.isPending}
              onClick={() =>
                rebill
                  .mutateAsync({ id: invoice.id, version: invoice.version })
                  .then(() => notifySaved("Frais refacturables ajoutés au brouillon."), notifyError)
              }
            >
              Ajouter les frais refacturables
            </Button>
          )}
          {invoice.abilities.issue && (
            <Button leftSection={<IconSend size={16} />} disabled={blocked} onClick={() => setConfirming(true)}>
              Émettre la facture
            </Button>
          )}
        </Group>
      </Group>
      <InvoiceSendingStatus invoice={invoice} />
      {draft && blocked && (
        <Alert color="orange" title="Émission impossible">
          Mentions obligatoires manquantes dans l'identité de la société : {invoice.missingMentions.join(", ")}.{" "}
          <Anchor component={Link} to="/app/setting/general">
            Compléter dans Paramètres › Société
          </Anchor>
        </Alert>
      )}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Party title="Émetteur" party={invoice.seller} />
          <Party title="Client facturé" party={invoice.buyer} />
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Dates
            </Text>
            <Text size="sm">Émise le {formatDate(invoice.issueDate) || "— (brouillon)"}</Text>
            <Text size="sm">
              Échéance {formatDate(invoice.dueDate) || `à ${invoice.paymentTermsDays} jours de l'émission`}
            </Text>
            {invoice.creditedInvoice && (
              <Text size="sm">
                Avoir sur{" "}
                <Anchor component={Link} to={`/app/facture/${invoice.creditedInvoice.id}`}>
                  la facture {invoice.creditedInvoice.number}
                </Anchor>
              </Text>
            )}
            {invoice.creditNotes.map((c) => (
              <Text size="sm" key={c.id}>
                {c.totalTtc === invoice.totalTtc ? "Annulée par l'avoir" : "Avoir partiel"}{" "}
                <Anchor component={Link} to={`/app/facture/${c.id}`}>
                  {c.number}
                </Anchor>{" "}
                ({formatCurrency(c.totalTtc)} TTC)
              </Text>
            ))}
            {invoice.creditReason && <Text size="sm">Motif : {invoice.creditReason}</Text>}
          </Stack>
        </SimpleGrid>
      </Paper>
      <DepositDeduction invoice={invoice} />
      {draft && invoice.abilities.update ? (
        <FocusKeeper version={invoice.version}>
          <InvoiceDraftForm key={`${invoice.id}:${invoice.version}`} invoice={invoice} />
        </FocusKeeper>
      ) : (
        <>
          <IssuedLines invoice={invoice} />
          <Group justify="flex-end">
            <Stack gap={2} align="flex-end">
              <Text size="sm">Total HT : {formatCurrency(invoice.totalHt)}</Text>
              {invoice.vat.map((v) => (
                <Text size="sm" key={v.vatRate}>
                  TVA {vatRateLabel(v.vatRate)} sur {formatCurrency(v.base)} : {formatCurrency(v.amount)}
                </Text>
              ))}
              <Text fw={700}>Total TTC : {formatCurrency(invoice.totalTtc)}</Text>
              {invoice.kind !== "CREDIT_NOTE" && (
                <Text size="sm">
                  Payé : {formatCurrency(invoice.paid)} · Reste dû : {formatCurrency(invoice.due)}
                </Text>
              )}
              {invoice.refundDue > 0 && (
                <Text size="sm" c="red" fw={500}>
                  À rembourser au client : {formatCurrency(invoice.refundDue)}
                </Text>
              )}
            </Stack>
          </Group>
        </>
      )}
      {invoice.payments.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Paiements
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Mode</Table.Th>
                  <Table.Th>Référence</Table.Th>
                  <Table.Th ta="right">Montant</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.payments.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{formatDate(p.date)}</Table.Td>
                    <Table.Td>
                      {p.amount < 0
                        ? `Remboursement (${PAYMENT_METHOD_LABELS[p.method].toLowerCase()})`
                        : PAYMENT_METHOD_LABELS[p.method]}
                    </Table.Td>
                    <Table.Td>{p.reference ?? "—"}</Table.Td>
                    <Table.Td ta="right">{formatCurrency(p.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Émettre la facture ?"
        closeButtonProps={{ "aria-label": "Fermer" }}
      >
        <Stack>
          <Text size="sm">
            L'émission donne à la facture le numéro suivant de la série et la fige : elle ne pourra plus être modifiée,
            seulement annulée par un avoir. Total : {formatCurrency(invoice.totalTtc)} TTC.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Annuler
            </Button>
            <Button loading={issue.isPending} onClick={doIssue}>
              Émettre
            </Button>
          </Group>
        </Stack>
      </Modal>
      {invoice.abilities.pay && <PaymentModal invoice={invoice} opened={paying} onClose={() => setPaying(false)} />}
      {invoice.abilities.refund && (
        <PaymentModal invoice={invoice} mode="refund" opened={refunding} onClose={() => setRefunding(false)} />
      )}
      {crediting && (
        <CreditNoteModal
          invoice={invoice}
          opened
          error={credit.error ? errorMessage(credit.error) : null}
          loading={credit.isPending}
          onClose={() => setCrediting(false)}
          onConfirm={(request) =>
            credit.mutate(
              { id: invoice.id, version: invoice.version, ...request },
              {
                onSuccess: (saved) => {
                  setCrediting(false);
                  notifySaved(`Avoir ${saved.number} émis.`);
                  navigate(`/app/facture/${saved.id}`);
                },
              },
            )
          }
        />
      )}
    </Stack>
  );
}
