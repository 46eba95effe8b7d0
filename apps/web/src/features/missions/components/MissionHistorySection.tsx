import { formatDate } from "@certidesk/shared";
import { Paper, Table, Text, Title } from "@mantine/core";
import { useMissionHistory } from "../api/get-history";

const time = (iso: string) =>
  new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Paris" }).format(
    new Date(iso),
  );

/**
 * The mission's history (staff only; the server answers 404 to others, and nothing shows): each change of
 * days or team with who made it, when, what moved, who was told and which checks were overridden and why.
 */
export function MissionHistorySection({ missionId }: { missionId: string }) {
  const { data } = useMissionHistory(missionId);
  if (!data) return null;
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h4" mb="xs">
        Historique de la mission
      </Title>
      {data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucun changement enregistré.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} mah={420}>
          <Table aria-label="Historique de la mission" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={130}>Date</Table.Th>
                <Table.Th w={160}>Par</Table.Th>
                <Table.Th>Changement</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    {formatDate(e.occurredAt)} {time(e.occurredAt)}
                  </Table.Td>
                  <Table.Td>{e.actorLabel}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{e.summary}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
