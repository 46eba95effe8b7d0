import { RECEVABILITY_DECISION_LABELS, type RequestDetail } from "@certidesk/shared";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/date-time";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useDecideRecevability } from "../api/decide-recevability";
import { useUpdateChecklist } from "../api/update-recevability-checklist";
import { useUploadRecevabilityDocument } from "../api/upload-recevability-document";

const COLORS = { PENDING: "blue", RECEVABLE: "green", NON_RECEVABLE: "red" } as const;

/** Recevability of a certification request: checklist, applicant's documents, decision with its reason. */
export function RecevabilityPanel({ request, canUpdate }: { request: RequestDetail; canUpdate: boolean }) {
  const review = request.recevability;
  const [reason, setReason] = useState("");
  const checklist = useUpdateChecklist();
  const decide = useDecideRecevability();
  const upload = useUploadRecevabilityDocument();
  if (!review) return null;
  const pending = review.decision === "PENDING";
  const editable = canUpdate && pending;
  const allChecked = review.checklist.every((i) => i.checked);

  const toggle = (code: string, checked: boolean) => {
    const next = review.checklist.filter((i) => (i.code === code ? checked : i.checked)).map((i) => i.code);
    checklist.mutate({ id: request.id, checked: next, version: review.version }, { onError: notifyError });
  };
  const decision = (value: "RECEVABLE" | "NON_RECEVABLE") =>
    decide
      .mutateAsync({ id: request.id, decision: value, reason, version: review.version })
      .then(() =>
        notifySaved(value === "RECEVABLE" ? "Demande déclarée recevable." : "Demande déclarée non recevable."),
      )
      .catch(() => null);

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Recevabilité
        </Title>
        <Badge color={COLORS[review.decision]} variant="light">
          {RECEVABILITY_DECISION_LABELS[review.decision]}
        </Badge>
      </Group>
      <Stack gap="xs">
        {review.checklist.map((item) => (
          <Checkbox
            key={item.code}
            label={item.label}
            checked={item.checked}
            disabled={!editable || checklist.isPending}
            onChange={(e) => toggle(item.code, e.currentTarget.checked)}
          />
        ))}
        <Group gap="xs" mt="xs">
          <Text size="sm" fw={600}>
            Pièces du dossier :
          </Text>
          {review.documents.length === 0 && (
            <Text size="sm" c="dimmed">
              aucune
            </Text>
          )}
          {review.documents.map((d) => (
            <Anchor key={d.id} href={d.url} target="_blank" rel="noopener" size="sm">
              {d.name}
            </Anchor>
          ))}
          {canUpdate && (
            <FileButton
              onChange={(file) =>
                file &&
                upload
                  .mutateAsync({ id: request.id, file, name: file.name.replace(/\.[^.]+$/, "") })
                  .then(() => notifySaved("Pièce ajoutée au dossier."), notifyError)
              }
            >
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconUpload size={14} />}
                  loading={upload.isPending}
                >
                  Ajouter une pièce
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {pending && editable && (
          <>
            <Textarea
              label="Motif (obligatoire pour une non-recevabilité)"
              autosize
              minRows={2}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            {decide.isError && (
              <Alert color="red" role="alert">
                {errorMessage(decide.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button color="red" variant="light" onClick={() => decision("NON_RECEVABLE")} loading={decide.isPending}>
                Non recevable
              </Button>
              <Button
                color="green"
                onClick={() => decision("RECEVABLE")}
                disabled={!allChecked}
                loading={decide.isPending}
              >
                Déclarer recevable
              </Button>
            </Group>
          </>
        )}
        {!pending && (
          <Text size="sm" c="dimmed">
            Décision prise le {formatDateTime(review.decidedAt)} par {review.decidedBy}
            {review.reason ? ` : ${review.reason}` : "."}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
