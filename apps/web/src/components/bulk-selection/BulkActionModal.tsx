import type { BulkResult } from "@certidesk/shared";
import { Alert, Button, Group, Modal, Progress, Stack, Table, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { errorMessage } from "../../lib/api-client";

export interface BulkActionModalProps {
  /** The action's name, as the dialog's title ("Relancer les factures"). */
  title: string;
  /** How many rows it will touch. */
  count: number;
  /** What the confirmation says ("30 factures recevront une relance par e-mail."). */
  description: string;
  confirmLabel: string;
  /** The one request of the action. */
  run: () => Promise<BulkResult>;
  onClose: () => void;
  /** After the request, whatever its report (the list is refreshed, the selection cleared). */
  onDone?: () => void;
  /** What the action needs before it runs (the date of a postponement), shown with the confirmation. */
  children?: ReactNode;
  /** The confirmation waits for that input. */
  confirmDisabled?: boolean;
  /** A refused row's name when the server names it by its key only (the alerts). */
  labelOf?: (id: string) => string | undefined;
}

type Step =
  | { at: "confirm" }
  | { at: "running" }
  | { at: "report"; result: BulkResult }
  | { at: "error"; message: string };

/**
 * A bulk action's dialog: the confirmation says how many rows will be touched; then the request runs (a bar
 * while it does: one request, so no count of rows done); then the report, with each refused row and why.
 */
export function BulkActionModal(props: BulkActionModalProps) {
  const { title, count, description, confirmLabel, run, onClose, onDone, labelOf } = props;
  const [step, setStep] = useState<Step>({ at: "confirm" });
  const start = async () => {
    setStep({ at: "running" });
    try {
      setStep({ at: "report", result: await run() });
    } catch (error) {
      setStep({ at: "error", message: errorMessage(error) });
    }
    onDone?.();
  };
  const busy = step.at === "running";
  return (
    <Modal
      opened
      onClose={busy ? () => undefined : onClose}
      title={title}
      centered
      size="lg"
      withCloseButton={!busy}
      closeButtonProps={{ "aria-label": "Fermer" }}
    >
      {step.at === "confirm" && (
        <Stack>
          <Text size="sm">{description}</Text>
          {props.children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button onClick={start} disabled={props.confirmDisabled} data-autofocus={!props.children || undefined}>
              {confirmLabel} ({count})
            </Button>
          </Group>
        </Stack>
      )}
      {step.at === "running" && (
        <Stack role="status" aria-live="polite">
          <Text size="sm">Traitement de {count} ligne(s) en cours…</Text>
          <Progress value={100} animated striped aria-label="Traitement en cours" />
        </Stack>
      )}
      {step.at === "error" && (
        <Stack>
          <Alert color="red" title="L'action n'a pas été faite" role="alert">
            {step.message}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Fermer</Button>
          </Group>
        </Stack>
      )}
      {step.at === "report" && <BulkReport result={step.result} onClose={onClose} labelOf={labelOf} />}
    </Modal>
  );
}

function BulkReport({
  result,
  onClose,
  labelOf,
}: { result: BulkResult; onClose: () => void } & Pick<BulkActionModalProps, "labelOf">) {
  const { done, failed } = result;
  return (
    <Stack>
      <Alert
        color={failed.length ? "orange" : "green"}
        role="status"
        title={failed.length ? "Terminé, avec des refus" : "Terminé"}
      >
        {done} ligne(s) traitée(s)
        {failed.length ? `, ${failed.length} refusée(s) : rien n'a été fait sur celles-ci.` : "."}
      </Alert>
      {failed.length > 0 && (
        <Table.ScrollContainer minWidth={320} maxHeight={320}>
          <Table aria-label="Lignes refusées" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Ligne</Table.Th>
                <Table.Th scope="col">Raison</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {failed.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>{labelOf?.(f.id) ?? f.label}</Table.Td>
                  <Table.Td>{f.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Fermer
        </Button>
      </Group>
    </Stack>
  );
}
