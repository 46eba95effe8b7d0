import {
  clientObservationsBodySchema,
  formatDate,
  MISSION_KIND_LABELS,
  MISSION_ROLE_LABELS,
  MISSION_STATE_LABELS,
  type PortalMission,
} from "@certidesk/shared";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from "@mantine/core";
import { IconCheck, IconMinus } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { ReasonModal } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useAnswerTeam } from "../api/answer-team";
import { useProvideDocument } from "../api/provide-document";
import { useSendObservations } from "../api/send-observations";

const dateOf = (iso: string) => formatDate(iso.slice(0, 10));

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * Where the evaluation stands: each step with its date and what became of it (fait, en cours, à venir,
 * sans réponse…), as `missionStatusText` words it for every screen.
 */
function Steps({ mission }: { mission: PortalMission }) {
  const active = mission.steps.reduce((last, s, i) => (s.status === "done" ? i : last), -1);
  return (
    <Timeline active={active} bulletSize={22} lineWidth={2}>
      {mission.steps.map((s) => (
        <Timeline.Item
          key={s.code}
          bullet={
            s.status === "done" ? (
              <IconCheck size={14} aria-hidden />
            ) : s.status === "passed" ? (
              <IconMinus size={14} aria-hidden />
            ) : null
          }
          title={
            <Text size="sm" fw={600} component="div">
              {s.label}
              <Text span size="sm" c="dimmed" fw={400}>
                {` — ${s.statusText}`}
              </Text>
            </Text>
          }
        >
          {(s.date || s.detail) && (
            <Text size="sm" c="dimmed">
              {[s.date && formatDate(s.date), s.detail].filter(Boolean).join(" · ")}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function Team({ mission }: { mission: PortalMission }) {
  const answer = useAnswerTeam(mission.id);
  const [objecting, setObjecting] = useState(false);
  const a = mission.teamAnswer;
  // The server sends the team once it was proposed to the establishment.
  if (mission.team.length === 0) return <Text size="sm">{mission.statusTexts.team}</Text>;
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
        {mission.team.map((t) => (
          <Card key={t.name} withBorder padding="xs">
            <Text fw={600} size="sm">
              {t.name}{" "}
              <Text span c="dimmed" size="sm">
                ({MISSION_ROLE_LABELS[t.role]})
              </Text>
            </Text>
            {t.domains.length > 0 && <Text size="sm">Domaines : {t.domains.join(", ")}</Text>}
            {t.publics.length > 0 && <Text size="sm">Publics : {t.publics.join(", ")}</Text>}
            <Text size="sm">
              {t.trainedOnReferential ? "Formé(e) au référentiel HAS" : "Formation au référentiel HAS en cours"}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {a?.current ? (
        <Alert color={a.decision === "ACCEPT" ? "green" : "orange"} role="status">
          {mission.statusTexts.team}
          {a.decision === "OBJECT" && a.reason ? ` Votre motif : « ${a.reason} ».` : ""}
          {` (${a.answeredBy})`}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {mission.statusTexts.team}
        </Text>
      )}
      {mission.canAnswerTeam && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Button
            variant="default"
            onClick={() => {
              answer.reset();
              setObjecting(true);
            }}
          >
            Formuler une objection
          </Button>
          <Button
            loading={answer.isPending && answer.variables?.decision === "ACCEPT"}
            onClick={() =>
              answer.mutate(
                { decision: "ACCEPT", version: mission.version },
                {
                  onSuccess: () => notifySaved("Merci : vous avez accepté l'équipe d'évaluation."),
                  onError: notifyError,
                },
              )
            }
          >
            Accepter l'équipe
          </Button>
        </SimpleGrid>
      )}
      <ReasonModal
        opened={objecting}
        title="Objection à l'équipe proposée"
        label="Motif de votre objection (lien d'intérêts, conflit…)"
        confirmLabel="Envoyer l'objection"
        error={answer.isError ? errorMessage(answer.error) : null}
        loading={answer.isPending}
        onClose={() => setObjecting(false)}
        onConfirm={(reason) =>
          answer.mutate(
            { decision: "OBJECT", reason, version: mission.version },
            {
              onSuccess: () => {
                setObjecting(false);
                notifySaved("Votre objection est transmise à l'organisme.");
              },
            },
          )
        }
      />
    </>
  );
}

function Documents({ mission }: { mission: PortalMission }) {
  const provide = useProvideDocument(mission.id);
  const [name, setName] = useState("");
  const [itemId, setItemId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const item = mission.requestedDocuments.find((d) => d.id === itemId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    provide.mutate(
      { name, itemId, file },
      {
        onSuccess: () => {
          setName("");
          setItemId(null);
          setFile(null);
          notifySaved(item ? `Document transmis : « ${item.label} » est reçu.` : "Document transmis.");
        },
      },
    );
  };
  return (
    <>
      {mission.requestedDocuments.length > 0 ? (
        <>
          <Text size="sm">L'organisme vous demande ces documents pour préparer la visite :</Text>
          <List size="sm" spacing={2} aria-label="Documents demandés">
            {mission.requestedDocuments.map((d) => (
              <List.Item key={d.id}>
                {d.label}{" "}
                <Badge size="sm" variant="light" color={d.received ? "green" : "gray"}>
                  {d.received ? "Reçu" : "À fournir"}
                </Badge>
              </List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text size="sm">
          Transmettez les documents demandés pour préparer la visite : projet d'établissement, livret d'accueil,
          règlement de fonctionnement, rapport de la dernière évaluation, plan d'actions qualité…
        </Text>
      )}
      {mission.documents.length > 0 ? (
        <List size="sm" spacing={2}>
          {mission.documents.map((d) => (
            <List.Item key={d.id}>
              <Anchor href={d.url} target="_blank" rel="noreferrer" size="sm">
                {d.name}
              </Anchor>{" "}
              <Text span size="sm" c="dimmed">
                — transmis le {dateOf(d.createdAt)}
              </Text>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          Aucun document transmis pour le moment.
        </Text>
      )}
      {mission.canProvideDocuments && (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            {provide.isError && (
              <Alert color="red" role="alert">
                {errorMessage(provide.error)}
              </Alert>
            )}
            {mission.requestedDocuments.length > 0 && (
              <Select
                label="Document demandé"
                description="Celui que ce fichier apporte (il sera marqué reçu)"
                placeholder="Un autre document"
                data={mission.requestedDocuments.map((d) => ({
                  value: d.id,
                  label: d.received ? `${d.label} (déjà reçu)` : d.label,
                }))}
                value={itemId}
                onChange={setItemId}
                clearable
              />
            )}
            <TextInput
              label="Nom du document"
              description={item ? `Facultatif : « ${item.label} » sinon` : "Facultatif : le nom du fichier sinon"}
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <FileInput label="Fichier" placeholder="Choisir un fichier" value={file} onChange={setFile} clearable />
            <Group justify="flex-end">
              <Button type="submit" disabled={!file} loading={provide.isPending}>
                Transmettre le document
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </>
  );
}

function ObservationsForm({ mission }: { mission: PortalMission }) {
  const send = useSendObservations(mission.id);
  const [file, setFile] = useState<File | null>(null);
  const { form, submit, banner } = useZodForm<{ text: string }, { text: string; version: number }>({
    initialValues: { text: "" },
    schema: clientObservationsBodySchema,
    toBody: (v) => ({ text: v.text, version: mission.version }),
  });
  const onSubmit = submit(async (body) => {
    await send.mutateAsync({ ...body, file });
    notifySaved("Vos observations sont transmises à l'organisme.");
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        {banner && (
          <Alert color="red" role="alert">
            {banner}
          </Alert>
        )}
        <Textarea
          label="Vos observations sur le rapport préliminaire"
          description={
            mission.observations.due ? `À envoyer au plus tard le ${formatDate(mission.observations.due)}` : undefined
          }
          required
          autosize
          minRows={4}
          {...form.getInputProps("text")}
        />
        <FileInput
          label="Pièce jointe"
          description="Facultatif"
          placeholder="Choisir un fichier"
          value={file}
          onChange={setFile}
          clearable
        />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            Envoyer mes observations
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Reports({ mission }: { mission: PortalMission }) {
  const o = mission.observations;
  return (
    <>
      <Text size="sm" c={mission.preliminaryReport ? undefined : "dimmed"}>
        {mission.statusTexts.preliminary}
      </Text>
      {mission.preliminaryReport && (
        <Anchor href={mission.preliminaryReport.url} target="_blank" rel="noreferrer" size="sm">
          Lire le rapport préliminaire
        </Anchor>
      )}
      {o.receivedAt && (
        <Stack gap={4}>
          <Text size="sm">Vos observations ont été reçues le {formatDate(o.receivedAt)}.</Text>
          {o.text && (
            <Paper withBorder p="xs">
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {o.text}
              </Text>
            </Paper>
          )}
          {o.document && (
            <Anchor href={o.document.url} target="_blank" rel="noreferrer" size="sm">
              {o.document.name}
            </Anchor>
          )}
        </Stack>
      )}
      {o.canSend && <ObservationsForm mission={mission} />}
      {!o.canSend && !o.receivedAt && o.closedReason && (
        <Alert color="orange" role="status">
          {o.closedReason}
        </Alert>
      )}
      <Text size="sm" c={mission.finalReport ? undefined : "dimmed"}>
        {mission.statusTexts.final}
      </Text>
      {mission.finalReport && (
        <Anchor href={mission.finalReport.url} target="_blank" rel="noreferrer" size="sm">
          Télécharger le rapport définitif
        </Anchor>
      )}
    </>
  );
}

/** One evaluation of the establishment, in the client portal. */
export function PortalMissionCard({ mission }: { mission: PortalMission }) {
  return (
    <Paper
      withBorder
      p="md"
      component="article"
      aria-label={MISSION_KIND_LABELS[mission.kind]}
      id={`mission-${mission.id}`}
      style={{ scrollMarginTop: 72 }}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {MISSION_KIND_LABELS[mission.kind]}
            {mission.remote ? " (à distance)" : ""}
          </Title>
          {/* The same words as the staff's list and mission screen (MISSION_STATE_LABELS). */}
          <Badge variant="light">{MISSION_STATE_LABELS[mission.status]}</Badge>
        </Group>
        <Text size="sm">{mission.statusTexts.summary}</Text>
        <Text size="sm" c="dimmed">
          Contrat {mission.contractNumber}
        </Text>
        <Block title="Où en est votre évaluation">
          <Steps mission={mission} />
        </Block>
        <Block title="Jours de visite">
          {mission.days.length ? (
            <List size="sm" spacing={2}>
              {mission.days.map((d) => (
                <List.Item key={d.day}>
                  {formatDate(d.day)} · {d.timeSlot}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">Les dates de visite sont à fixer : nous revenons vers vous.</Text>
          )}
        </Block>
        <Block title="L'équipe d'évaluation">
          <Team mission={mission} />
        </Block>
        <Block title="Documents à fournir">
          <Documents mission={mission} />
        </Block>
        <Block title="Rapports et observations">
          <Reports mission={mission} />
        </Block>
      </Stack>
    </Paper>
  );
}
