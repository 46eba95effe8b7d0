import { formatDate, type MissionDetail, missionStatusText } from "@certidesk/shared";
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { DateField } from "../../../../components";
import { errorMessage } from "../../../../lib/api-client";
import { notifySaved } from "../../../../lib/notify";
import { useReviewPreliminary } from "../../api/review-preliminary";
import { useSaveHasTransmission } from "../../api/save-has-transmission";
import { useSendPreliminary } from "../../api/send-preliminary";
import { MissionFileUpload } from "../MissionFileUpload";

const date = (d: string | null) => (d ? formatDate(d) : "—");

function Doc({ doc }: { doc: { name: string; url: string } | null }) {
  if (!doc) return <>—</>;
  return (
    <Anchor href={doc.url} target="_blank" rel="noopener">
      {doc.name}
    </Anchor>
  );
}

function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Text c="red" size="sm" role="alert">
      {errorMessage(error)}
    </Text>
  );
}

/** The quality review, then the sending to the ESSMS. */
function ReviewAndSend({ mission }: { mission: MissionDetail }) {
  const [comment, setComment] = useState("");
  const review = useReviewPreliminary();
  const send = useSendPreliminary();
  const a = mission.abilities;
  const p = mission.reports.preliminary;
  // A report reviewed once waits to be sent; a new file uploaded is reviewed again.
  const mayReview = !!a.reviewPreliminary && !p.reviewedAt;
  if (!mayReview && !a.sendPreliminary && !(p.reviewedAt && !p.sentAt)) return null;
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        {p.reviewedAt && (
          <Text size="sm">
            Relu par {p.reviewedBy} le {date(p.reviewedAt)}
            {p.reviewComment ? ` : « ${p.reviewComment} »` : ""}.
          </Text>
        )}
        {mayReview && (
          <>
            <Textarea
              label="Commentaire de relecture (facultatif)"
              autosize
              minRows={2}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
            />
            <Group>
              <Button
                loading={review.isPending}
                onClick={async () => {
                  await review.mutateAsync({
                    id: mission.id,
                    comment: comment.trim() || undefined,
                    version: mission.version,
                  });
                  notifySaved("Relecture qualité enregistrée.");
                }}
              >
                Valider la relecture qualité
              </Button>
            </Group>
            <ErrorText error={review.error} />
          </>
        )}
        {a.sendPreliminary && (
          <>
            <Group>
              <Button
                color="green"
                loading={send.isPending}
                onClick={async () => {
                  await send.mutateAsync({ id: mission.id, version: mission.version });
                  notifySaved("Rapport préliminaire envoyé à l'établissement.");
                }}
              >
                Envoyer le rapport préliminaire à l'établissement
              </Button>
            </Group>
            <ErrorText error={send.error} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function HasTransmission({ mission }: { mission: MissionDetail }) {
  const [value, setValue] = useState(mission.reports.hasTransmittedAt ?? "");
  const save = useSaveHasTransmission();
  if (!mission.abilities.recordHasTransmission) return null;
  return (
    <Paper withBorder p="sm">
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (!value) return;
          await save.mutateAsync({ id: mission.id, date: value, version: mission.version });
          notifySaved("Date de transmission à la HAS enregistrée.");
        }}
      >
        <Group align="flex-end" wrap="wrap">
          <DateField label="Transmis à la HAS (Synaé) le" value={value} onChange={setValue} w={200} />
          <Button type="submit" disabled={!value} loading={save.isPending}>
            Enregistrer
          </Button>
        </Group>
        <ErrorText error={save.error} />
      </form>
    </Paper>
  );
}

/** The reports with their due dates (Settings › Missions) and the next step for whoever may take it. */
export function ReportsSection({ mission }: { mission: MissionDetail }) {
  const { reports: r, deadlines: d, late, abilities: a } = mission;
  const status = missionStatusText(mission.statusFacts, "staff");
  const rows = [
    {
      label: "Rapport préliminaire",
      due: d.preliminaryReportDue,
      late: late.preliminary,
      done: r.preliminary.uploadedAt,
      doc: r.preliminary.document,
    },
    { label: "Relecture qualité", due: null, late: false, done: r.preliminary.reviewedAt, doc: null },
    { label: "Envoi à l'établissement", due: null, late: false, done: r.preliminary.sentAt, doc: null },
    {
      label: "Observations de l'établissement",
      due: d.observationsDue,
      late: false,
      done: r.observations.receivedAt,
      doc: r.observations.document,
    },
    { label: "Rapport définitif", due: d.finalReportDue, late: late.final, done: r.final.at, doc: r.final.document },
    { label: "Transmission à la HAS (Synaé)", due: null, late: false, done: r.hasTransmittedAt, doc: null },
  ];
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Rapports et échéances
      </Title>
      {mission.status === "FINALISED" && <Alert color="green">{status.final}</Alert>}
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="Rapports et échéances">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Étape</Table.Th>
              <Table.Th>Échéance</Table.Th>
              <Table.Th>Fait le</Table.Th>
              <Table.Th>Document</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td>
                  {date(row.due)}
                  {row.late && (
                    <Badge color="red" variant="light" ml="xs">
                      En retard
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{date(row.done)}</Table.Td>
                <Table.Td>
                  <Doc doc={row.doc} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {a.uploadPreliminary && (
        <Paper withBorder p="sm">
          <MissionFileUpload
            mission={mission}
            target={{ kind: "preliminary" }}
            label={r.preliminary.document ? "Nouvelle version du rapport préliminaire" : "Rapport préliminaire"}
            buttonLabel="Déposer le rapport préliminaire"
            saved="Rapport préliminaire déposé : il attend la relecture qualité."
          />
        </Paper>
      )}
      {r.preliminary.uploadedAt && !r.preliminary.reviewedAt && !a.reviewPreliminary && (
        <Text size="sm" c="dimmed">
          {status.preliminary}
        </Text>
      )}
      <ReviewAndSend mission={mission} />
      {a.sendObservations && (
        <Paper withBorder p="sm">
          <MissionFileUpload
            mission={mission}
            target={{ kind: "observations" }}
            label="Observations reçues de l'établissement"
            buttonLabel="Enregistrer les observations"
            saved="Observations de l'établissement enregistrées."
          />
        </Paper>
      )}
      {a.uploadFinal && (
        <Paper withBorder p="sm">
          <MissionFileUpload
            mission={mission}
            target={{ kind: "final" }}
            label="Rapport définitif"
            buttonLabel="Déposer le rapport définitif"
            saved="Rapport définitif déposé : l'évaluation est finalisée."
          />
        </Paper>
      )}
      <HasTransmission mission={mission} />
    </Stack>
  );
}
