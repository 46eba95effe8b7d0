import type { MissionPlanCheck } from "@certidesk/shared";
import { Alert, List, Loader, Text } from "@mantine/core";

/** Whether a warning of the preview still needs a written justification (not already given for the mission). */
export const needsJustification = (check: MissionPlanCheck | undefined) =>
  (check?.items ?? []).some((i) => i.blocking.length === 0 && i.warnings.length > 0 && !i.justified);

/**
 * The conflicts the move would create, before it is made: what blocks it (red) and what needs a
 * justification (orange), for each evaluator of the team and each establishment of the group.
 */
export function MoveConsequences({ check, loading }: { check: MissionPlanCheck | undefined; loading: boolean }) {
  if (loading)
    return (
      <Text size="sm" c="dimmed">
        <Loader size="xs" mr="xs" />
        Vérification de l'équipe sur ces jours…
      </Text>
    );
  const items = check?.items ?? [];
  if (items.length === 0)
    return (
      <Alert color="green" variant="light" title="Aucun conflit">
        L'équipe est disponible et éligible sur ces jours.
      </Alert>
    );
  const blocked = items.some((i) => i.blocking.length > 0);
  const multi = new Set(items.map((i) => i.clientId)).size > 1;
  return (
    <Alert
      color={blocked ? "red" : "orange"}
      variant="light"
      role="alert"
      title={blocked ? "Déplacement impossible" : "Conflits à justifier"}
    >
      <List size="sm" spacing={4}>
        {items.flatMap((i) =>
          [...i.blocking, ...i.warnings].map((r) => (
            <List.Item key={`${i.auditorId}-${i.clientId}-${r.message}`}>
              {i.name}
              {multi ? ` (${i.raisonSocial})` : ""} : {r.message}
              {i.blocking.length === 0 && i.justified ? " (déjà justifié)" : ""}
            </List.Item>
          )),
        )}
      </List>
    </Alert>
  );
}
