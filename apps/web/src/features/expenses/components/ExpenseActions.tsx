import { type Expense, formatDate } from "@certidesk/shared";
import { Button, Group, Modal, Stack } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { DateField, ReasonModal } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useApproveExpense } from "../api/approve-expense";
import { useReimburseExpense } from "../api/reimburse-expense";
import { useRejectExpense } from "../api/reject-expense";

/** Asks for a date (a reimbursement, a payment), today by default. */
export function DateModal(props: {
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
export function ExpenseActions({ expense }: { expense: Expense }) {
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
