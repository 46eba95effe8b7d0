import {
  formatDate,
  formatDecimal,
  type MissionDetail,
  type MissionPerformance,
  PERFORMANCE_POINT_MAX,
  REF_CRITERIA_LABELS,
  type RefCriterion,
  SATISFACTION_QUESTIONS,
  SATISFACTION_SCALE,
} from "@certidesk/shared";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { type FormEvent, useState } from "react";
import { LoadingOverlay } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useMissionPerformance } from "../api/get-mission-performance";
import { useMissionSatisfaction } from "../api/get-mission-satisfaction";
import { useScorePerformance } from "../api/score-performance";
import { useSendSatisfaction } from "../api/send-satisfaction";
import { useSendSatisfactionToAuditor } from "../api/send-satisfaction-to-auditor";

type Evaluator = MissionPerformance["items"][number];
const POINTS = Array.from({ length: PERFORMANCE_POINT_MAX }, (_, i) => String(i + 1));

/** One evaluator's RefCriteria: a point (1–5) and a commentary each, editable by the quality profile. */
function EvaluatorScores({
  missionId,
  evaluator,
  canScore,
}: {
  missionId: string;
  evaluator: Evaluator;
  canScore: boolean;
}) {
  const save = useScorePerformance(missionId);
  const [rows, setRows] = useState(() =>
    evaluator.criteria.map((c) => ({
      code: c.refCriteriaVO,
      point: c.point === null ? null : String(c.point),
      commentary: c.commentary ?? "",
    })),
  );
  const points = evaluator.criteria.map((c) => c.point).filter((p): p is number => p !== null);
  const average = points.length ? points.reduce((a, b) => a + b, 0) / points.length : null;
  const set = (i: number, patch: Partial<(typeof rows)[number]>) =>
    setRows((current) => current.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        auditorId: evaluator.auditorId,
        version: evaluator.version,
        criteria: rows.map((r) => ({
          refCriteriaVO: r.code,
          point: r.point ? Number(r.point) : null,
          commentary: r.commentary || null,
        })),
      },
      { onSuccess: () => notifySaved(`Performance de ${evaluator.auditorName} enregistrée.`), onError: notifyError },
    );
  };
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit}>
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={3} size="h5">
              {evaluator.auditorName}
            </Title>
            <Text size="sm">
              {average === null
                ? "Pas encore évalué(e)"
                : `Moyenne : ${formatDecimal(average)} / ${PERFORMANCE_POINT_MAX}`}
              {evaluator.scoredAt ? ` · par ${evaluator.scoredBy ?? "—"} le ${formatDate(evaluator.scoredAt)}` : ""}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Critère</Table.Th>
                  <Table.Th w={110}>Note</Table.Th>
                  <Table.Th>Commentaire</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => {
                  const label = REF_CRITERIA_LABELS[r.code as RefCriterion];
                  return (
                    <Table.Tr key={r.code}>
                      <Table.Td>
                        <Text size="sm">{label}</Text>
                      </Table.Td>
                      <Table.Td>
                        {canScore ? (
                          <Select
                            aria-label={`Note : ${label}`}
                            placeholder="—"
                            clearable
                            data={POINTS}
                            value={r.point}
                            onChange={(v) => set(i, { point: v })}
                          />
                        ) : (
                          <Text size="sm">{r.point ?? "—"}</Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {canScore ? (
                          <TextInput
                            aria-label={`Commentaire : ${label}`}
                            value={r.commentary}
                            onChange={(e) => set(i, { commentary: e.currentTarget.value })}
                          />
                        ) : (
                          <Text size="sm">{r.commentary || "—"}</Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {canScore && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Enregistrer l'évaluation de {evaluator.auditorName}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

const scaleLabel = (v: number | undefined) => SATISFACTION_SCALE.find((s) => s.value === v)?.label ?? "Sans réponse";

/** The client's satisfaction questionnaire: send it, read the answers, send them to the evaluators once. */
function SatisfactionSection({ missionId }: { missionId: string }) {
  const { data, error } = useMissionSatisfaction(missionId);
  const send = useSendSatisfaction(missionId);
  const toAuditors = useSendSatisfactionToAuditor(missionId);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!data) return null;
  const s = data.survey;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Satisfaction de l'établissement
          </Title>
          {s?.answeredAt ? (
            <Badge color="green" variant="light">
              Répondu le {formatDate(s.answeredAt)}
            </Badge>
          ) : s ? (
            <Badge color="orange" variant="light">
              En attente de réponse
            </Badge>
          ) : null}
        </Group>
        {!s && <Text size="sm">Le questionnaire n'a pas encore été envoyé.</Text>}
        {s && !s.answeredAt && (
          <Text size="sm">
            Envoyé à {s.sentTo} le {formatDate(s.sentAt)} ; le lien expire le {formatDate(s.expiresAt)}.
          </Text>
        )}
        {s?.answers && (
          <>
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing={4}>
                <Table.Tbody>
                  {SATISFACTION_QUESTIONS.map((q) => (
                    <Table.Tr key={q.code}>
                      <Table.Td>{q.label}</Table.Td>
                      <Table.Td fw={600}>{scaleLabel(s.answers?.[q.code])}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="sm">
              Moyenne : {s.average === null ? "—" : `${formatDecimal(s.average)} / 4`} · Commentaire :{" "}
              {s.comment || "aucun"}
            </Text>
            {s.document && (
              <Anchor href={s.document.url} target="_blank" rel="noopener" size="sm">
                Voir le questionnaire rempli (PDF)
              </Anchor>
            )}
          </>
        )}
        <Group justify="flex-end">
          {data.canSend && (
            <Button
              variant={s ? "default" : "filled"}
              loading={send.isPending}
              onClick={() =>
                send.mutate(undefined, { onSuccess: () => notifySaved("Questionnaire envoyé."), onError: notifyError })
              }
            >
              {s ? "Renvoyer le questionnaire" : "Envoyer le questionnaire"}
            </Button>
          )}
          {s?.answeredAt && (
            <Button
              disabled={!data.isSendSatisfactionToAuditor}
              loading={toAuditors.isPending}
              onClick={() =>
                toAuditors.mutate(undefined, {
                  onSuccess: () => notifySaved("Réponses envoyées aux évaluateurs."),
                  onError: notifyError,
                })
              }
            >
              {s.sentToAuditorsAt
                ? `Envoyé aux évaluateurs le ${formatDate(s.sentToAuditorsAt)}`
                : "Envoyer aux évaluateurs"}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The mission's Performance tab: each evaluator scored against the RefCriteria, and the client's satisfaction. */
export function PerformanceTab({ mission }: { mission: MissionDetail }) {
  const { data, error, isLoading } = useMissionPerformance(mission.id);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (isLoading || !data) return <LoadingOverlay visible />;
  return (
    <Stack>
      <Title order={2} size="h4">
        Performance des évaluateurs
      </Title>
      {!data.canScore && (
        <Text size="sm" c="dimmed">
          La qualité (QSE) évalue le travail de chaque évaluateur après la visite.
        </Text>
      )}
      {data.items.map((e) => (
        <EvaluatorScores
          key={`${e.auditorId}:${e.scoredAt ?? ""}`}
          missionId={mission.id}
          evaluator={e}
          canScore={data.canScore}
        />
      ))}
      <SatisfactionSection missionId={mission.id} />
    </Stack>
  );
}
