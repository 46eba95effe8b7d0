import { Alert, Anchor, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Link } from "react-router";
import { useCan } from "../../../lib/can";
import { useBlockActionData } from "../../../lib/configuration/get-block-action-data";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useSession } from "../../../lib/session-context";
import { useMyActivity } from "../api/get-my-activity";
import { useWorkItems } from "../api/get-work-items";
import { WorkItemCards } from "./WorkItemCards";

const dateTime = (iso: string) => new Date(iso).toLocaleString("fr-FR", { dateStyle: "short", timeStyle: "short" });

/** The staff landing page: what needs attention now, then the user's recent actions. */
export function AlertLandingPage() {
  useBranding("Alertes");
  const { user } = useSession();
  const { can } = useCan();
  const { data: blocks } = useBlockActionData();
  const { data: activity } = useMyActivity();
  const { data: workItems } = useWorkItems();
  return (
    <Stack maw={1100}>
      <div>
        <Title order={1} size="h2">
          Alertes
        </Title>
        <Text c="dimmed">Bonjour {user?.firstName}, voici ce qui demande votre attention.</Text>
      </div>
      {blocks && blocks.blockedActions.length > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Identité de la société incomplète">
          <Text size="sm">
            Il manque : {blocks.missingFields.map((f) => f.label).join(", ")}. Tant que ces mentions obligatoires
            manquent, {blocks.blockedActions.map((a) => a.label.toLowerCase()).join(", ")} sont bloqués.
          </Text>
          {can("SETTING", "update") && (
            <Anchor component={Link} to="/app/setting/general" size="sm">
              Compléter dans Paramètres › Société
            </Anchor>
          )}
        </Alert>
      )}
      {workItems?.length ? <WorkItemCards items={workItems} /> : null}
      {workItems?.every((i) => i.count === 0) && !blocks?.blockedActions.length && (
        <Paper withBorder p="md">
          <Text>Aucune alerte ne demande votre attention pour le moment.</Text>
        </Paper>
      )}
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Mes dernières actions
        </Title>
        {activity?.items.length ? (
          <Table>
            <Table.Tbody>
              {activity.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td w={150}>{dateTime(entry.occurredAt)}</Table.Td>
                  <Table.Td>{entry.summary}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text c="dimmed">Aucune action enregistrée.</Text>
        )}
      </Paper>
    </Stack>
  );
}
