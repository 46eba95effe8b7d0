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
import { ConfirmPopup } from "../../../components";
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
  if (!review) return null;
  // Keyed by version: the boxes start again from the server's list after every save.
  return <RecevabilityReview key={review.version} request={request} review={review} canUpdate={canUpdate} />;
}

type Review = NonNullable<RequestDetail["recevability"]>;

function RecevabilityReview({
  request,
  review,
  canUpdate,
}: {
  request: RequestDetail;
  review: Review;
  canUpdate: boolean;
}) {
  const [reason, setReason] = useState("");
  const [checked, setChecked] = useState(() => new Set(review.checklist.filter((i) => i.checked).map((i) => i.code)));
  const [confirming, setConfirming] = useState(false);
  const checklist = useUpdateChecklist();
  const decide = useDecideRecevability();
  const upload = useUploadRecevabilityDocument();
  const pending = review.decision === "PENDING";
  const editable = canUpdate && pending;
  const dirty = review.checklist.some((i) => i.checked !== checked.has(i.code));
  const allChecked = review.checklist.every((i) => i.checked) && !dirty;

  const toggle = (code: string, value: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (value) next.add(code);
      else next.delete(code);
      return next;
    });
  // One save for all the boxes ticked: one entry in the history, not one per box.
  const saveChecklist = () =>
    checklist
      .mutateAsync({ id: request.id, checked: [...checked], version: review.version })
      .then(() => notifySaved("Liste des pièces enregistrée."), notifyError);
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
            checked={checked.has(item.code)}
            disabled={!editable || checklist.isPending}
            onChange={(e) => toggle(item.code, e.currentTarget.checked)}
          />
        ))}
        {editable && (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={saveChecklist} disabled={!dirty} loading={checklist.isPending}>
              Enregistrer la liste
            </Button>
            {dirty && (
              <Text size="xs" c="dimmed">
                Modifications non enregistrées
              </Text>
            )}
          </Group>
        )}
        <Group gap="xs" mt="xs">
          <Text size="sm" fw={600} component="div">
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
                onClick={() => setConfirming(true)}
                disabled={!allChecked}
                loading={decide.isPending}
              >
                Déclarer recevable
              </Button>
            </Group>
          </>
        )}
        <ConfirmPopup
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={`Déclarer ${request.reference} recevable`}
          text="Toutes les pièces sont vérifiées. La décision est définitive : le devis pourra ensuite être établi."
          firstButton={{ label: "Déclarer recevable", code: "RECEVABLE", color: "green" }}
          secondButton={{ label: "Annuler", code: "CANCEL" }}
          onAction={(code) => {
            setConfirming(false);
            if (code === "RECEVABLE") void decision("RECEVABLE");
          }}
        />
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
