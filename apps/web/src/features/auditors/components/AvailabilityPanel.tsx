import { formatDate } from "@certidesk/shared";
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { Calendar, DatesProvider } from "@mantine/dates";
import { IconTrash } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { DateField } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useAddUnavailability } from "../api/add-unavailability";
import { useAvailability } from "../api/get-availability";
import { useRemoveUnavailability } from "../api/remove-unavailability";

const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;
const monthEnd = (iso: string) => {
  const [y, m] = iso.split("-").map(Number);
  return new Date(Date.UTC(y ?? 2026, m ?? 1, 0)).toISOString().slice(0, 10);
};
const todayIso = () => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Paris" }).format(new Date());

/** Unavailability periods and days already booked, on a month calendar; declare or remove a period. */
const longDay = (day: string) =>
  new Date(`${day.slice(0, 10)}T12:00:00`).toLocaleDateString("fr-FR", {
    day: "numeric",
    month: "long",
    year: "numeric",
  });

export function AvailabilityPanel({ auditorId, canEdit }: { auditorId: string; canEdit: boolean }) {
  const [month, setMonth] = useState(monthStart(todayIso()));
  const { data } = useAvailability(auditorId, month, monthEnd(month));
  const add = useAddUnavailability(auditorId);
  const remove = useRemoveUnavailability(auditorId);
  const [startDate, setStart] = useState<string | null>(null);
  const [endDate, setEnd] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const off = (day: string) => data?.unavailability.find((u) => u.startDate <= day && u.endDate >= day);
  const booked = (day: string) => data?.booked.filter((b) => b.day === day) ?? [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!startDate || !endDate) return;
    await add.mutateAsync({ startDate, endDate, reason }).then(
      () => {
        notifySaved("Indisponibilité enregistrée.");
        setStart(null);
        setEnd(null);
        setReason("");
      },
      () => undefined,
    );
  }

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="xs">
          Calendrier
        </Title>
        <DatesProvider settings={{ locale: "fr", firstDayOfWeek: 1 }}>
          <Calendar
            date={month}
            previousLabel="Mois précédent"
            nextLabel="Mois suivant"
            // Days of the neighbouring months would be greyed below the contrast WCAG asks for.
            hideOutsideDates
            onDateChange={(d) => setMonth(monthStart(d))}
            getDayProps={(day) => {
              const o = off(day);
              const b = booked(day);
              const label = o
                ? "indisponible"
                : b.length
                  ? `pris : ${b.map((x) => x.contractNumber).join(", ")}`
                  : null;
              return {
                // Starts with the day's number the button shows (WCAG 2.5.3), as Mantine's own names do.
                "aria-label": label ? `${longDay(day)}, ${label}` : longDay(day),
                title: label ?? undefined,
                style: o
                  ? { background: "var(--mantine-color-red-1)", color: "var(--mantine-color-red-9)" }
                  : b.length
                    ? {
                        background: "var(--mantine-color-blue-1)",
                        color: "var(--mantine-color-blue-9)",
                        fontWeight: 700,
                      }
                    : undefined,
              };
            }}
          />
        </DatesProvider>
        <Group gap="xs" mt="xs">
          <Badge color="red" variant="light">
            Indisponible
          </Badge>
          <Badge color="blue" variant="light">
            Déjà pris (mission)
          </Badge>
        </Group>
        {data && data.booked.length > 0 && (
          <Stack gap={2} mt="sm">
            {data.booked.map((b) => (
              <Text key={`${b.day}-${b.contractId}`} size="sm">
                {formatDate(b.day)} : contrat {b.contractNumber}, {b.clientName}
              </Text>
            ))}
          </Stack>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="xs">
          Indisponibilités du mois
        </Title>
        {data?.unavailability.length ? (
          <Table>
            <Table.Tbody>
              {data.unavailability.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    Du {formatDate(u.startDate)} au {formatDate(u.endDate)}
                    {u.reason ? ` — ${u.reason}` : ""}
                  </Table.Td>
                  {canEdit && (
                    <Table.Td w={40}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Retirer l'indisponibilité du ${formatDate(u.startDate)}`}
                        onClick={() => remove.mutate(u.id)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            Aucune indisponibilité ce mois-ci.
          </Text>
        )}
        {canEdit && (
          <form onSubmit={submit}>
            <Stack mt="md" gap="xs">
              <Title order={4} size="h6">
                Déclarer une indisponibilité
              </Title>
              <Group grow align="flex-start">
                <DateField label="Du" value={startDate} onChange={(v) => setStart(v || null)} required />
                <DateField
                  label="Au"
                  value={endDate}
                  onChange={(v) => setEnd(v || null)}
                  required
                  minDate={startDate ?? undefined}
                />
              </Group>
              <TextInput label="Motif" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
              {add.isError && (
                <Text c="red" size="sm" role="alert">
                  {errorMessage(add.error)}
                </Text>
              )}
              <Group justify="flex-end">
                <Button type="submit" loading={add.isPending} disabled={!startDate || !endDate}>
                  Enregistrer
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </SimpleGrid>
  );
}
