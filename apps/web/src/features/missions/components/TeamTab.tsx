import { formatDate, type MissionDetail, missionStatusText } from "@certidesk/shared";
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { EvaluatorPicker, FocusKeeper, type TeamMember } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useProposals } from "../api/get-proposals";
import { useSaveTeam } from "../api/save-team";
import { useSendMissionOrders } from "../api/send-mission-orders";
import { useSendProposal } from "../api/send-proposal";
import { MissionHistorySection } from "./MissionHistorySection";
import { MissionOrdersTable, ReplacedOrdersTable } from "./MissionOrdersTable";
import type { MissionTabProps } from "./mission-tabs";

const sameTeam = (mission: MissionDetail, team: TeamMember[], coordinator: string | null) =>
  team.length === mission.team.length &&
  mission.team.every(
    (t) =>
      team.some((m) => m.auditorId === t.auditorId) && (t.role === "COORDINATOR") === (coordinator === t.auditorId),
  );

/**
 * The team being chosen: starts from the saved team, saved with the mission's version. It is remounted
 * when the mission's version changes, so the save mutation lives in TeamTab: a refetch landing before
 * the save's callbacks would otherwise drop its confirmation.
 */
function TeamEditor({ mission, save }: MissionTabProps & { save: ReturnType<typeof useSaveTeam> }) {
  const [team, setTeam] = useState<TeamMember[]>(
    mission.team.map((t) => ({ auditorId: t.auditorId, justification: "" })),
  );
  const [coordinator, setCoordinator] = useState<string | null>(
    mission.team.find((t) => t.role === "COORDINATOR")?.auditorId ?? null,
  );
  const readOnly = !mission.abilities.updateTeam;
  const days = mission.days.map((d) => d.day);
  const establishments = [
    { clientId: mission.clientId, raisonSocial: mission.client.raisonSocial, days },
    ...mission.groupedWith.map((g) => ({ clientId: g.clientId, raisonSocial: g.raisonSocial, days })),
  ];
  const names = Object.fromEntries(mission.team.map((t) => [t.auditorId, t.name]));
  const dirty = !sameTeam(mission, team, coordinator);
  const onSave = () => {
    const justification = team
      .filter((m) => m.justification.trim())
      .map((m) => m.justification.trim())
      .join(" ; ");
    save.mutate(
      {
        id: mission.id,
        body: {
          members: team.map((m) => ({
            auditorId: m.auditorId,
            role: m.auditorId === coordinator ? "COORDINATOR" : "EVALUATOR",
          })),
          justification: justification || undefined,
          version: mission.version,
        },
      },
      { onSuccess: () => notifySaved("Équipe d'évaluation enregistrée.") },
    );
  };
  return (
    <Stack>
      <EvaluatorPicker
        contractId={mission.contractId}
        establishments={establishments}
        team={team}
        onTeamChange={setTeam}
        coordinator={coordinator}
        onCoordinatorChange={setCoordinator}
        readOnly={readOnly}
        names={names}
        justifications={Object.fromEntries(mission.team.map((t) => [t.auditorId, t.justification]))}
      />
      {save.isError && (
        <Alert color="red" role="alert" title="Équipe non enregistrée">
          {errorMessage(save.error)}
        </Alert>
      )}
      {!readOnly && (
        <Group justify="flex-end">
          {dirty && (
            <Text size="sm" c="dimmed">
              Modifications non enregistrées
            </Text>
          )}
          <Button onClick={onSave} loading={save.isPending} disabled={!dirty}>
            Enregistrer l'équipe
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Where the team stands with the establishment (its answer from the portal), as the portal tells it. */
function ClientAnswer({ mission }: MissionTabProps) {
  const answer = mission.clientTeamAnswer ?? null;
  const objection = answer?.decision === "OBJECT" && answer.current;
  return (
    <Text size="sm" c={objection ? "red.8" : undefined}>
      {missionStatusText(mission.statusFacts, "staff").team}
      {answer?.current ? ` (${answer.answeredBy})` : ""}
      {answer?.current && answer.reason ? ` — « ${answer.reason} »` : ""}
    </Text>
  );
}

/** The proposals of the team: to the establishment and to the evaluators, with when they left. */
function Proposals({ mission }: MissionTabProps) {
  const { data } = useProposals(mission.id);
  const send = useSendProposal();
  const complete = mission.team.length >= 2 && mission.team.some((t) => t.role === "COORDINATOR");
  const can = mission.abilities.updateTeam && complete;
  const lastClient = data?.items.find((i) => i.kind === "CLIENT");
  const lastAuditors = data?.items.find((i) => i.kind === "AUDITOR");
  const sent = (item: typeof lastClient) =>
    item
      ? `Envoyée le ${formatDate(item.at)} à ${item.to.join(", ")}${item.by ? ` par ${item.by}` : ""}`
      : "Pas encore envoyée";
  return (
    <Paper withBorder p="sm">
      <Title order={3} size="h5" mb="xs">
        Propositions
      </Title>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={0}>
            <Text size="sm" fw={600} component="div">
              À l'établissement (l'équipe et ses profils)
            </Text>
            <Text size="sm" c="dimmed">
              {sent(lastClient)}
            </Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<IconSend size={16} />}
            disabled={!can}
            loading={send.isPending && send.variables?.to === "client"}
            onClick={() =>
              send.mutate(
                { id: mission.id, to: "client", version: mission.version },
                { onSuccess: () => notifySaved("Équipe proposée à l'établissement.") },
              )
            }
          >
            Proposer à l'établissement
          </Button>
        </Group>
        <Group justify="space-between" wrap="wrap">
          <Stack gap={0}>
            <Text size="sm" fw={600} component="div">
              Aux évaluateurs de l'équipe
            </Text>
            <Text size="sm" c="dimmed">
              {sent(lastAuditors)}
            </Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<IconSend size={16} />}
            disabled={!can}
            loading={send.isPending && send.variables?.to === "auditors"}
            onClick={() =>
              send.mutate(
                { id: mission.id, to: "auditors", version: mission.version },
                { onSuccess: () => notifySaved("Mission proposée aux évaluateurs.") },
              )
            }
          >
            Proposer aux évaluateurs
          </Button>
        </Group>
        <ClientAnswer mission={mission} />
        {!complete && (
          <Text size="sm" c="dimmed">
            Enregistrez d'abord une équipe complète : au moins deux évaluateurs, dont un coordinateur.
          </Text>
        )}
        {send.isError && (
          <Alert color="red" role="alert">
            {errorMessage(send.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Évaluateur (MISSION_EVALUATOR): the team, its proposals, the mission orders and the mission's history. */
export function TeamTab({ mission }: MissionTabProps) {
  const send = useSendMissionOrders();
  const save = useSaveTeam();
  const waiting = mission.missionOrders.filter((o) => o.status === "WAITING").length;
  return (
    <Stack>
      <Title order={2} size="h4">
        Équipe
      </Title>
      <FocusKeeper version={mission.version}>
        <TeamEditor key={`${mission.id}:${mission.version}`} mission={mission} save={save} />
      </FocusKeeper>
      <Proposals mission={mission} />
      {/* Sent, the orders' button is disabled: the focus goes on to the orders' PDFs. */}
      <FocusKeeper version={mission.version}>
        <Paper withBorder p="sm">
          <Group justify="space-between" mb="xs" wrap="wrap">
            <Title order={2} size="h4">
              Ordres de mission
            </Title>
            {mission.abilities.sendOrders && (
              <Button
                leftSection={<IconSend size={16} />}
                disabled={waiting === 0 || mission.days.length === 0}
                loading={send.isPending}
                onClick={() =>
                  send.mutate(
                    { id: mission.id, version: mission.version },
                    { onSuccess: () => notifySaved("Ordres de mission envoyés.") },
                  )
                }
              >
                Envoyer les ordres de mission{waiting ? ` (${waiting})` : ""}
              </Button>
            )}
          </Group>
          {mission.abilities.sendOrders && waiting > 0 && mission.days.length === 0 && (
            <Text size="sm" c="dimmed" mb="xs">
              Programmez les jours de visite (onglet Préparation) avant d'envoyer les ordres de mission.
            </Text>
          )}
          {send.isError && (
            <Alert color="red" role="alert" mb="xs">
              {errorMessage(send.error)}
            </Alert>
          )}
          <MissionOrdersTable orders={mission.missionOrders} />
          <ReplacedOrdersTable orders={mission.replacedOrders} />
        </Paper>
      </FocusKeeper>
      <MissionHistorySection missionId={mission.id} />
    </Stack>
  );
}
