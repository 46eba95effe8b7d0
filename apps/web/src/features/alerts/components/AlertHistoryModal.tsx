import { type AlertHistoryEntry, type AlertRow, formatDate } from "@certidesk/shared";
import { Alert, Modal, Table, Text } from "@mantine/core";
import { Spinner } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useAlertHistory } from "../api/get-alert-history";

const ACTION_LABELS: Record<AlertHistoryEntry["action"], string> = {
  REMOVED: "Supprimée",
  ARCHIVED: "Archivée",
  CONFIRMED: "Confirmée",
  COMMENTED: "Commentée",
  POSTPONED: "Reportée",
  HANDLED: "Traitée",
  SATISFACTION_SENT: "Questionnaire envoyé aux évaluateurs",
};

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString("fr-FR", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Paris" });

function detail(entry: AlertHistoryEntry): string {
  if (entry.action === "POSTPONED" && entry.date) return `Jusqu'au ${formatDate(entry.date)}`;
  return entry.text ?? "";
}

function HistoryTable({ id }: { id: string }) {
  const { data, isLoading, isError, error } = useAlertHistory(id);
  if (isLoading) return <Spinner />;
  if (isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(error)}
      </Alert>
    );
  if (!data?.length) return <Text c="dimmed">Aucune action sur cette alerte pour le moment.</Text>;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Par</Table.Th>
            <Table.Th>Détail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((entry, index) => (
            // History entries have no id of their own; their order never changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
            <Table.Tr key={index}>
              <Table.Td>{dateTime(entry.at)}</Table.Td>
              <Table.Td>{ACTION_LABELS[entry.action]}</Table.Td>
              <Table.Td>{entry.actorName}</Table.Td>
              <Table.Td>{detail(entry)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** HISTORY: what was done to the alert, by whom and when. */
export function AlertHistoryModal({ row, onClose }: { row: AlertRow | null; onClose: () => void }) {
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? `Historique — ${row.alertTitle.title}` : "Historique"}
      size="lg"
      closeButtonProps={{ "aria-label": "Fermer" }}
    >
      {row && <HistoryTable id={row.id} />}
    </Modal>
  );
}
