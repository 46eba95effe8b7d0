import {
  canBeRemote,
  type EvaluatorMissionSpace,
  formatDate,
  formatPhone,
  MISSION_KIND_LABELS,
  MISSION_ROLE_LABELS,
  modalityLabel,
} from "@certidesk/shared";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { FocusKeeper, ReasonModal } from "../../../components";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useAnswerMissionOrder } from "../api/answer-mission-order";
import { useMissionSpace } from "../api/mission-space";
import { type ReportKind, useUploadMissionReport } from "../api/upload-mission-report";
import { CalendarLinkPanel } from "./CalendarLinkPanel";
import { TrainingDataSummary } from "./TrainingDataSummary";

type Essms = EvaluatorMissionSpace["orders"][number]["essms"];
const REPORT_LABELS: Record<ReportKind, string> = {
  PRELIMINARY: "Rapport préliminaire",
  FINAL: "Rapport définitif",
};

function Address({ essms }: { essms: Essms }) {
  const line = [essms.address, [essms.postalCode, essms.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  if (!line) return null;
  return (
    <Anchor
      size="sm"
      href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(line)}`}
      target="_blank"
      rel="noreferrer"
    >
      {line}
    </Anchor>
  );
}

function Days({ days }: { days: Array<{ day: string; timeSlot: string }> }) {
  if (days.length === 0) return <Text size="sm">Dates à fixer</Text>;
  return (
    <List size="sm" spacing={2}>
      {days.map((d) => (
        <List.Item key={d.day}>
          {formatDate(d.day)} · {d.timeSlot}
        </List.Item>
      ))}
    </List>
  );
}

function Section({
  title,
  empty,
  count,
  children,
}: {
  title: string;
  empty: string;
  count: number;
  children: React.ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
        {count > 0 && (
          <Badge ml="xs" variant="light" size="sm">
            {count}
          </Badge>
        )}
      </Title>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm">
          {children}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function OrdersToAnswer({ auditorId, orders }: { auditorId: string; orders: EvaluatorMissionSpace["orders"] }) {
  const answer = useAnswerMissionOrder(auditorId);
  const [refusing, setRefusing] = useState<string | null>(null);
  // A warning of the planning rules (leave, another visit…): accepted only with the evaluator's reason.
  const [warned, setWarned] = useState<{ orderId: string; message: string } | null>(null);
  const accept = (orderId: string, justification?: string) =>
    answer.mutate(
      { orderId, answer: "ACCEPT", justification },
      {
        onSuccess: () => {
          setWarned(null);
          notifySaved("Ordre de mission accepté : la visite est dans votre agenda.");
        },
        onError: (error) => {
          const details = error instanceof ApiError ? (error.details as { justificationRequired?: boolean }) : null;
          if (!justification && details?.justificationRequired) setWarned({ orderId, message: error.message });
          else if (!justification) notifyError(error);
        },
      },
    );
  return (
    <>
      {orders.map((o) => (
        <Card key={o.orderId} withBorder padding="sm">
          <Stack gap={4}>
            <Text fw={600}>{o.essms.raisonSocial}</Text>
            <Address essms={o.essms} />
            <Text size="sm">
              {MISSION_KIND_LABELS[o.kind]} · {MISSION_ROLE_LABELS[o.role]}
            </Text>
            <Days days={o.days} />
            {o.trainingOrganisation && <TrainingDataSummary data={o.trainingOrganisation} />}
            {o.document && (
              <Anchor href={o.document.url} target="_blank" rel="noreferrer" size="sm">
                Lire l'ordre de mission (PDF)
              </Anchor>
            )}
            <Group mt="xs" grow>
              <Button variant="default" onClick={() => setRefusing(o.orderId)}>
                Refuser
              </Button>
              <Button
                onClick={() => accept(o.orderId)}
                loading={answer.isPending && answer.variables?.orderId === o.orderId}
              >
                Accepter
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      <ReasonModal
        opened={warned !== null}
        title="Accepter malgré l'avertissement"
        notice={warned?.message ?? null}
        label="Pourquoi acceptez-vous quand même ? (conservé au journal)"
        confirmLabel="Accepter"
        error={
          answer.isError && warned && answer.variables?.answer === "ACCEPT" && answer.variables.justification
            ? errorMessage(answer.error)
            : null
        }
        loading={answer.isPending}
        onClose={() => {
          setWarned(null);
          answer.reset();
        }}
        onConfirm={(reason) => warned && accept(warned.orderId, reason)}
      />
      <ReasonModal
        opened={refusing !== null}
        title="Refuser l'ordre de mission"
        label="Motif du refus"
        confirmLabel="Refuser"
        error={answer.isError && answer.variables?.answer === "REFUSE" ? errorMessage(answer.error) : null}
        loading={answer.isPending}
        onClose={() => {
          setRefusing(null);
          answer.reset();
        }}
        onConfirm={(reason) =>
          refusing &&
          answer.mutate(
            { orderId: refusing, answer: "REFUSE", reason },
            {
              onSuccess: () => {
                setRefusing(null);
                notifySaved("Ordre de mission refusé : votre place est libérée.");
              },
            },
          )
        }
      />
    </>
  );
}

function ComingVisits({ visits }: { visits: EvaluatorMissionSpace["visits"] }) {
  return (
    <>
      {visits.map((v) => (
        <Card key={v.missionId} withBorder padding="sm">
          <Stack gap={4}>
            <Text fw={600}>{v.essms.raisonSocial}</Text>
            <Address essms={v.essms} />
            <Text size="sm">
              {MISSION_KIND_LABELS[v.kind]}
              {canBeRemote(v.kind) ? ` · ${modalityLabel(v.remote)}` : ""} · {MISSION_ROLE_LABELS[v.role]}
            </Text>
            <Text size="sm" c="dimmed">
              {v.status}
            </Text>
            <Days days={v.days} />
            {v.trainingOrganisation && <TrainingDataSummary data={v.trainingOrganisation} />}
            <Text size="sm" fw={600} mt={4} component="div">
              Équipe
            </Text>
            <List size="sm" spacing={2}>
              {v.team.map((t) => (
                <List.Item key={t.name}>
                  {t.name} ({MISSION_ROLE_LABELS[t.role]})
                  {t.phone && (
                    <>
                      {" · "}
                      <Anchor href={`tel:${t.phone}`} size="sm" style={{ whiteSpace: "nowrap" }}>
                        {formatPhone(t.phone)}
                      </Anchor>
                    </>
                  )}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Card>
      ))}
    </>
  );
}

function ReportsDue({ auditorId, reports }: { auditorId: string; reports: EvaluatorMissionSpace["reports"] }) {
  const upload = useUploadMissionReport(auditorId);
  return (
    <>
      {reports.map((r) => (
        <Card key={`${r.missionId}-${r.report}`} withBorder padding="sm">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text fw={600}>{REPORT_LABELS[r.report]}</Text>
              {r.late ? (
                <Badge color="red" variant="filled">
                  En retard
                </Badge>
              ) : (
                <Badge variant="light">À rendre</Badge>
              )}
            </Group>
            <Text size="sm">{r.essms.raisonSocial}</Text>
            <Text size="sm">{r.status}</Text>
            {r.canUpload ? (
              <FileButton
                accept="application/pdf,.pdf,.doc,.docx,.odt"
                onChange={(file) =>
                  file &&
                  upload.mutate(
                    { missionId: r.missionId, report: r.report, file, version: r.version },
                    { onSuccess: () => notifySaved(`${REPORT_LABELS[r.report]} déposé.`), onError: notifyError },
                  )
                }
              >
                {(props) => (
                  <Button
                    {...props}
                    mt="xs"
                    loading={upload.isPending && upload.variables?.missionId === r.missionId}
                    aria-label={`Déposer le ${REPORT_LABELS[r.report].toLowerCase()} — ${r.essms.raisonSocial}`}
                  >
                    Déposer le rapport
                  </Button>
                )}
              </FileButton>
            ) : (
              <Text size="sm" c="dimmed">
                {r.coordinator
                  ? "Le dépôt n'est pas possible pour le moment."
                  : "Déposé par le coordinateur ou la coordinatrice de la mission."}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </>
  );
}

/**
 * The evaluator's missions, made for a phone on site: orders to answer, coming visits, reports due
 * and late (the coordinator uploads them here), and the private calendar link.
 */
export function MissionSpacePanel({ auditorId }: { auditorId: string }) {
  const { data, error, isLoading } = useMissionSpace(auditorId);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (isLoading || !data) return null;
  // An order answered or a report uploaded leaves its list with the button that had the focus.
  const lists = [...data.orders.map((o) => o.orderId), ...data.reports.map((r) => `${r.missionId}-${r.report}`)];
  return (
    <FocusKeeper version={lists.join(" ")}>
      <Stack gap="lg">
        <Section
          title="Ordres de mission à traiter"
          count={data.orders.length}
          empty="Aucun ordre de mission n'attend votre réponse."
        >
          <OrdersToAnswer auditorId={auditorId} orders={data.orders} />
        </Section>
        <Section title="Prochaines visites" count={data.visits.length} empty="Aucune visite à venir.">
          <ComingVisits visits={data.visits} />
        </Section>
        <Section title="Rapports à rendre" count={data.reports.length} empty="Aucun rapport en attente.">
          <ReportsDue auditorId={auditorId} reports={data.reports} />
        </Section>
        <CalendarLinkPanel auditorId={auditorId} />
      </Stack>
    </FocusKeeper>
  );
}
