import {
  EXPENSE_STATUS_LABELS,
  EXPENSE_STATUSES,
  type Expense,
  formatDate,
  formatDays,
  type MissionDetail,
  type MissionFee,
} from "@certidesk/shared";
import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { DateField, LoadingOverlay, ReasonModal } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useApproveExpense } from "../api/approve-expense";
import { useMissionExpenses } from "../api/get-mission-expenses";
import { useMissionFees } from "../api/get-mission-fees";
import { usePayFeeInvoice } from "../api/pay-fee-invoice";
import { useReimburseExpense } from "../api/reimburse-expense";
import { useRejectExpense } from "../api/reject-expense";
import { DeclareExpenseModal } from "./DeclareExpenseModal";
import { DateWarning, ExpenseStatusBadge, euros, expenseNature, FeeStatusBadge } from "./expense-labels";

/** Asks for a date (a reimbursement, a payment), today by default. */
function DateModal(props: {
  opened: boolean;
  title: string;
  label: string;
  confirmLabel: string;
  loading: boolean;
  onConfirm: (date: string) => void;
  onClose: () => void;
}) {
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (date) props.onConfirm(date);
  };
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ "aria-label": "Fermer" }}
    >
      <form onSubmit={submit}>
        <Stack>
          <DateField label={props.label} required value={date} onChange={setDate} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={props.loading} disabled={!date}>
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** One expense line's actions for staff: approve, reject with a reason, record the reimbursement. */
function ExpenseActions({ expense }: { expense: Expense }) {
  const approve = useApproveExpense();
  const reject = useRejectExpense();
  const reimburse = useReimburseExpense();
  const [rejecting, setRejecting] = useState(false);
  const [paying, setPaying] = useState(false);
  const label = `la dépense du ${formatDate(expense.date)} de ${expense.auditorName}`;
  return (
    <Group gap={6} wrap="nowrap">
      {expense.abilities.decide && (
        <>
          <Button
            size="xs"
            aria-label={`Valider ${label}`}
            loading={approve.isPending}
            onClick={() =>
              approve.mutate(
                { id: expense.id, version: expense.version },
                { onSuccess: () => notifySaved("Dépense validée."), onError: notifyError },
              )
            }
          >
            Valider
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            aria-label={`Refuser ${label}`}
            onClick={() => setRejecting(true)}
          >
            Refuser
          </Button>
        </>
      )}
      {expense.abilities.reimburse && (
        <Button size="xs" variant="light" aria-label={`Rembourser ${label}`} onClick={() => setPaying(true)}>
          Rembourser
        </Button>
      )}
      <ReasonModal
        opened={rejecting}
        title="Refuser la dépense"
        label="Motif du refus"
        confirmLabel="Refuser"
        error={reject.error ? errorMessage(reject.error) : null}
        loading={reject.isPending}
        onClose={() => setRejecting(false)}
        onConfirm={(reason) =>
          reject.mutate(
            { id: expense.id, reason, version: expense.version },
            {
              onSuccess: () => {
                notifySaved("Dépense refusée.");
                setRejecting(false);
              },
            },
          )
        }
      />
      <DateModal
        opened={paying}
        title="Rembourser la dépense"
        label="Date du remboursement"
        confirmLabel="Enregistrer"
        loading={reimburse.isPending}
        onClose={() => setPaying(false)}
        onConfirm={(date) =>
          reimburse.mutate(
            { id: expense.id, date, version: expense.version },
            {
              onSuccess: () => {
                notifySaved("Remboursement enregistré.");
                setPaying(false);
              },
              onError: notifyError,
            },
          )
        }
      />
    </Group>
  );
}

/** Whether an approved expense is on a client invoice ("frais en sus"), and which one. */
function RebilledCell({ expense }: { expense: Expense }) {
  if (expense.status !== "APPROVED" && expense.status !== "REIMBURSED") return <>—</>;
  const inv = expense.rebilledInvoice;
  if (!inv)
    return (
      <Text size="sm" c="dimmed">
        Pas encore refacturée
      </Text>
    );
  return (
    <Anchor component={Link} to={`/app/facture/${inv.id}`} size="sm" style={{ whiteSpace: "nowrap" }}>
      {inv.number ? `Facture n° ${inv.number}` : "Brouillon de solde"}
    </Anchor>
  );
}

export function ExpenseTable({
  items,
  showAuditor,
  showMission,
  showRebilled,
}: {
  items: Expense[];
  showAuditor?: boolean;
  showMission?: boolean;
  /** The contract rebills the expenses to the client: a column says on which invoice. */
  showRebilled?: boolean;
}) {
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Aucune dépense déclarée.
      </Text>
    );
  const withActions = items.some((e) => e.abilities.decide || e.abilities.reimburse);
  return (
    <Table.ScrollContainer minWidth={showRebilled ? 960 : 760}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            {showMission && <Table.Th>Mission</Table.Th>}
            {showAuditor && <Table.Th>Évaluateur</Table.Th>}
            <Table.Th>Nature</Table.Th>
            <Table.Th style={{ textAlign: "right" }}>Montant</Table.Th>
            <Table.Th>Justificatif</Table.Th>
            <Table.Th>Statut</Table.Th>
            {showRebilled && <Table.Th>Refacturation</Table.Th>}
            {withActions && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {formatDate(e.date)}
                </Text>
                {e.dateWarning && <DateWarning reason={e.dateWarning} />}
              </Table.Td>
              {showMission && <Table.Td>{e.missionLabel}</Table.Td>}
              {showAuditor && <Table.Td>{e.auditorName}</Table.Td>}
              <Table.Td>
                <Text size="sm">{expenseNature(e)}</Text>
                {e.description && (
                  <Text size="xs" c="dimmed">
                    {e.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ textAlign: "right", whiteSpace: "nowrap" }}>{euros(e.amountCents)}</Table.Td>
              <Table.Td>
                {e.receipt ? (
                  <Anchor
                    href={e.receipt.url}
                    target="_blank"
                    rel="noopener"
                    size="sm"
                    style={{ whiteSpace: "nowrap" }}
                  >
                    Voir le justificatif
                  </Anchor>
                ) : (
                  "—"
                )}
              </Table.Td>
              <Table.Td>
                <ExpenseStatusBadge status={e.status} />
                {e.status === "REJECTED" && e.rejectionReason && (
                  <Text size="xs" c="red">
                    {e.rejectionReason}
                  </Text>
                )}
                {e.reimbursedOn && <Text size="xs">le {formatDate(e.reimbursedOn)}</Text>}
              </Table.Td>
              {showRebilled && (
                <Table.Td>
                  <RebilledCell expense={e} />
                </Table.Td>
              )}
              {withActions && (
                <Table.Td>
                  <ExpenseActions expense={e} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FeeRow({ fee, withActions }: { fee: MissionFee; withActions: boolean }) {
  const pay = usePayFeeInvoice();
  const [paying, setPaying] = useState(false);
  const inv = fee.invoice;
  return (
    <Table.Tr>
      <Table.Td>{fee.auditorName}</Table.Td>
      <Table.Td>{fee.status === "INDEPENDANT" ? "Indépendant(e)" : "Salarié(e)"}</Table.Td>
      <Table.Td>{formatDays(fee.days)}</Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        {fee.status === "SALARIE"
          ? "Jours comptés"
          : fee.expectedCents === null
            ? "Tarif non convenu"
            : euros(fee.expectedCents)}
      </Table.Td>
      <Table.Td>
        {inv ? (
          <Stack gap={2}>
            {inv.document ? (
              <Anchor href={inv.document.url} target="_blank" rel="noopener" size="sm">
                Facture {inv.number}
              </Anchor>
            ) : (
              <Text size="sm">Facture {inv.number}</Text>
            )}
            <Text size="sm">{euros(inv.amountCents)} HT</Text>
            {inv.warning && (
              <Text size="xs" c="orange">
                {inv.warning}
              </Text>
            )}
          </Stack>
        ) : fee.status === "INDEPENDANT" ? (
          <Text size="sm" c="dimmed">
            En attente de la facture
          </Text>
        ) : (
          "—"
        )}
      </Table.Td>
      <Table.Td>
        {inv && <FeeStatusBadge status={inv.status} />}
        {inv?.paidOn && <Text size="xs">le {formatDate(inv.paidOn)}</Text>}
      </Table.Td>
      {withActions && (
        <Table.Td>
          {fee.canPay && inv && (
            <Button
              size="xs"
              variant="light"
              onClick={() => setPaying(true)}
              aria-label={`Marquer payée la facture de ${fee.auditorName}`}
            >
              Marquer payée
            </Button>
          )}
          {inv && (
            <DateModal
              opened={paying}
              title={`Payer la facture ${inv.number}`}
              label="Date du paiement"
              confirmLabel="Enregistrer"
              loading={pay.isPending}
              onClose={() => setPaying(false)}
              onConfirm={(date) =>
                pay.mutate(
                  { id: inv.id, date, version: inv.version },
                  {
                    onSuccess: () => {
                      notifySaved("Paiement enregistré.");
                      setPaying(false);
                    },
                    onError: notifyError,
                  },
                )
              }
            />
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function FeesSection({ missionId }: { missionId: string }) {
  const { data, error } = useMissionFees(missionId);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!data) return null;
  const withActions = data.items.some((f) => f.canPay);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Honoraires des évaluateurs
      </Title>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Évaluateur</Table.Th>
              <Table.Th>Statut</Table.Th>
              <Table.Th>Jours</Table.Th>
              <Table.Th>Montant convenu</Table.Th>
              <Table.Th>Facture</Table.Th>
              <Table.Th>Paiement</Table.Th>
              {withActions && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((f) => (
              <FeeRow key={f.auditorId} fee={f} withActions={withActions} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The mission's Frais tab: the evaluators' expenses (approve, reject, reimburse) and their fees. */
export function ExpensesTab({ mission }: { mission: MissionDetail }) {
  const { data, error, isLoading } = useMissionExpenses(mission.id);
  const [declaring, setDeclaring] = useState(false);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (isLoading || !data) return <LoadingOverlay visible />;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Frais des évaluateurs
        </Title>
        {data.canDeclare && <Button onClick={() => setDeclaring(true)}>Déclarer une dépense</Button>}
      </Group>
      <Group gap="lg">
        {EXPENSE_STATUSES.filter((s) => data.totals[s]).map((s) => (
          <Text key={s} size="sm">
            {EXPENSE_STATUS_LABELS[s]} : <strong>{euros(data.totals[s])}</strong>
          </Text>
        ))}
      </Group>
      {data.rebilledToClient && (
        <Text size="sm" c="dimmed">
          Le contrat prévoit les frais en sus : les dépenses validées sont refacturées au client sur la facture de solde
          de la mission.
        </Text>
      )}
      <ExpenseTable items={data.items} showAuditor showRebilled={data.rebilledToClient} />
      <FeesSection missionId={mission.id} />
      <DeclareExpenseModal
        opened={declaring}
        onClose={() => setDeclaring(false)}
        missions={[{ id: mission.id, label: mission.client.raisonSocial }]}
        kmRate={data.kmRate}
      />
    </Stack>
  );
}
