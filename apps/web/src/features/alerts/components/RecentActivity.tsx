import { Paper, Stack, Text, Title } from "@mantine/core";
import { useMyActivity } from "../api/get-my-activity";

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString("fr-FR", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Paris" });

/** "Mes dernières actions": the user's latest changes, from the audit log. */
export function RecentActivity() {
  const { data } = useMyActivity();
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        Mes dernières actions
      </Title>
      {data?.items.length ? (
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {data.items.map((entry) => (
            <li key={entry.id}>
              <Text size="xs" c="dimmed">
                {dateTime(entry.occurredAt)}
              </Text>
              <Text size="sm">{entry.summary}</Text>
            </li>
          ))}
        </Stack>
      ) : (
        <Text c="dimmed" size="sm">
          Aucune action enregistrée.
        </Text>
      )}
    </Paper>
  );
}
