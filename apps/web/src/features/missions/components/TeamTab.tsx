import { MISSION_ROLE_LABELS } from "@certidesk/shared";
import { List, Stack, Text, Title } from "@mantine/core";
import { MissionOrdersTable } from "./MissionOrdersTable";
import type { MissionTabProps } from "./mission-tabs";

/** Évaluateur (MISSION_EVALUATOR): the team, the proposals and the mission orders. */
export function TeamTab({ mission }: MissionTabProps) {
  return (
    <Stack>
      <Title order={2} size="h4">
        Équipe d'évaluation
      </Title>
      {mission.team.length === 0 ? (
        <Text c="dimmed">Aucun évaluateur dans l'équipe.</Text>
      ) : (
        <List>
          {mission.team.map((t) => (
            <List.Item key={t.auditorId}>
              {t.name} — {MISSION_ROLE_LABELS[t.role]}
            </List.Item>
          ))}
        </List>
      )}
      <Title order={2} size="h4">
        Ordres de mission
      </Title>
      <MissionOrdersTable orders={mission.missionOrders} />
    </Stack>
  );
}
