import {
  formatCurrency,
  formatDate,
  QUOTE_STATUS_LABELS,
  type QuoteDetail,
  type RequestDetail,
  travelExpenseLabel,
  vatRateLabel,
} from "@certidesk/shared";
import { Anchor, Badge, Button, Group, Menu, Paper, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconDots, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ConfirmPopup, fromMenu, ReasonModal } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useQuotes } from "../api/get-quotes";
import { type QuoteAction, useQuoteAction } from "../api/quote-action";
import { useRefuseQuote } from "../api/refuse-quote";
import { QuoteEditorModal } from "./QuoteEditorModal";
import { SendQuoteModal } from "./SendQuoteModal";

const COLORS: Record<string, string> = {
  DRAFT: "gray",
  SENT: "blue",
  ACCEPTED: "green",
  REFUSED: "red",
  SUPERSEDED: "gray",
};
const DONE: Record<QuoteAction, string> = {
  pdf: "Le PDF du devis a été généré.",
  accept: "Devis accepté : le contrat est en préparation.",
  "new-version": "Nouvelle version créée en brouillon.",
};

/**
 * The request's quotes: write, print, send, record the client's answer, make a new version. What
 * each quote offers comes from its `abilities` (the server's policy); `canEdit` only opens "Nouveau devis".
 */
export function QuotesPanel({ request, canEdit }: { request: RequestDetail; canEdit: boolean }) {
  const navigate = useNavigate();
  const { data: quotes = [] } = useQuotes(request.id);
  const [editing, setEditing] = useState<{ quote: QuoteDetail | null } | null>(null);
  const [sending, setSending] = useState<QuoteDetail | null>(null);
  const [refusing, setRefusing] = useState<QuoteDetail | null>(null);
  const [accepting, setAccepting] = useState<QuoteDetail | null>(null);
  const action = useQuoteAction();
  const refuse = useRefuseQuote();
  const live = request.status !== "SIGNED" && request.status !== "REFUSE" && !request.archivedAt;
  const recevable = request.service !== "CERTIFICATION" || request.recevability?.decision === "RECEVABLE";
  const run = (quote: QuoteDetail, a: QuoteAction) =>
    action
      .mutateAsync({ id: quote.id, action: a, version: quote.version })
      .then(() => notifySaved(DONE[a]), notifyError);

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Devis
        </Title>
        {canEdit && live && recevable && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing({ quote: null })}>
            Nouveau devis
          </Button>
        )}
      </Group>
      {!recevable && live && (
        <Text size="sm" c="dimmed" mb="xs">
          Le devis s'établit une fois la demande déclarée recevable.
        </Text>
      )}
      {quotes.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucun devis pour cette demande.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Numéro</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Conditions</Table.Th>
                <Table.Th ta="right">Total HT</Table.Th>
                <Table.Th ta="right">Total TTC</Table.Th>
                <Table.Th>Statut</Table.Th>
                <Table.Th>PDF</Table.Th>
                <Table.Th w={50}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {quotes.map((q) => (
                <Table.Tr key={q.id}>
                  <Table.Td fw={600}>{q.label}</Table.Td>
                  <Table.Td>{formatDate(q.createdAt)}</Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      TVA {vatRateLabel(q.vatRate)} · Déplacements : {travelExpenseLabel(q.travelExpenseMode)}
                      {q.travelExpenseMode === 3 ? ` (${formatCurrency(q.travelExpenseAmount)})` : ""}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatCurrency(q.totalHT)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatCurrency(q.totalTTC)}
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={COLORS[q.status]}>
                      {QUOTE_STATUS_LABELS[q.status]}
                    </Badge>
                    {q.refusalReason && (
                      <Text size="xs" c="dimmed">
                        {q.refusalReason}
                      </Text>
                    )}
                    {q.contractId && (
                      <Anchor component={Link} to={`/app/contract/${q.contractId}`} size="xs" display="block">
                        Ouvrir le contrat
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {q.document ? (
                      <Anchor href={q.document.url} target="_blank" rel="noopener" size="sm">
                        Ouvrir
                      </Anchor>
                    ) : (
                      "—"
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button variant="subtle" size="compact-sm" aria-label={`Actions du devis ${q.label}`}>
                          <IconDots size={16} />
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item disabled={!q.abilities.update} onClick={fromMenu(() => setEditing({ quote: q }))}>
                          Modifier
                        </Menu.Item>
                        <Menu.Item disabled={!q.abilities.print} onClick={() => run(q, "pdf")}>
                          Générer le PDF
                        </Menu.Item>
                        <Menu.Item disabled={!q.abilities.send} onClick={fromMenu(() => setSending(q))}>
                          {q.status === "SENT" ? "Renvoyer au client" : "Envoyer au client"}
                        </Menu.Item>
                        <Menu.Item disabled={!q.abilities.accept} onClick={fromMenu(() => setAccepting(q))}>
                          Devis accepté
                        </Menu.Item>
                        <Menu.Item disabled={!q.abilities.refuse} onClick={fromMenu(() => setRefusing(q))}>
                          Devis refusé
                        </Menu.Item>
                        <Menu.Item disabled={!q.abilities.newVersion} onClick={() => run(q, "new-version")}>
                          Nouvelle version
                        </Menu.Item>
                        {q.contractId && (
                          <Menu.Item onClick={() => navigate(`/app/contract/${q.contractId}`)}>
                            Ouvrir le contrat
                          </Menu.Item>
                        )}
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmPopup
        opened={accepting !== null}
        onClose={() => setAccepting(null)}
        title={`Le client accepte le devis ${accepting?.label ?? ""}`}
        text={`Le devis est accepté pour ${accepting ? formatCurrency(accepting.totalTTC) : ""} TTC et le contrat est préparé à partir de ses montants. Les autres devis de la demande ne pourront plus être acceptés.`}
        firstButton={{ label: "Confirmer l'acceptation", code: "ACCEPT", color: "green" }}
        secondButton={{ label: "Annuler", code: "CANCEL" }}
        onAction={(code) => {
          const quote = accepting;
          setAccepting(null);
          if (code === "ACCEPT" && quote) void run(quote, "accept");
        }}
      />
      <QuoteEditorModal
        request={request}
        quote={editing?.quote ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <SendQuoteModal request={request} quote={sending} onClose={() => setSending(null)} />
      <ReasonModal
        opened={refusing !== null}
        title={`Devis ${refusing?.label ?? ""} refusé par le client`}
        label="Motif du refus"
        confirmLabel="Enregistrer le refus"
        error={refuse.isError ? errorMessage(refuse.error) : null}
        loading={refuse.isPending}
        onClose={() => setRefusing(null)}
        onConfirm={(reason) =>
          refusing &&
          refuse.mutateAsync({ id: refusing.id, reason, version: refusing.version }).then(
            () => {
              notifySaved("Refus du devis enregistré.");
              setRefusing(null);
            },
            () => undefined,
          )
        }
      />
    </Paper>
  );
}
