import {
  AUDIT_TIME_SLOTS,
  canBeRemote,
  formatDate,
  formatDays,
  type MissionDaysBody,
  type MissionDetail,
  missionDaysBodySchema,
  modalityLabel,
  PROGRAMME_ACTIVITY_LABELS,
  PROGRAMME_COLUMN_FROM,
  timeSlotById,
} from "@certidesk/shared";
import { ActionIcon, Button, Group, Input, SegmentedControl, Select, Stack, Table, Text, Title } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { DateField, FormContent, FormModal } from "../../../../components";
import { useZodForm } from "../../../../lib/form/use-zod-form";
import { notifySaved } from "../../../../lib/notify";
import { useSaveDays } from "../../api/save-days";
import { ProgrammeModal } from "./ProgrammeModal";

const SLOT_GROUPS = [...new Set(AUDIT_TIME_SLOTS.map((s) => s.name))].map((group) => ({
  group,
  items: AUDIT_TIME_SLOTS.filter((s) => s.name === group).map((s) => ({
    value: String(s.id),
    label: `${s.value} (${formatDays(s.dayFraction)})`,
  })),
}));

interface DaysForm extends Record<string, unknown> {
  days: Array<{ day: string; timeSlotId: string }>;
  remote: "onSite" | "remote";
}

const MODALITIES = [
  { value: "onSite", label: modalityLabel(false) },
  { value: "remote", label: modalityLabel(true) },
];

/** Spec §9: a visit day has a programme column only from 16/12/2022. */
export const hasProgrammeColumn = (day: string) => day >= PROGRAMME_COLUMN_FROM;

function DaysFormContent({ mission, onClose }: { mission: MissionDetail; onClose: () => void }) {
  const save = useSaveDays();
  const remoteAllowed = canBeRemote(mission.kind);
  const { form, submit, banner } = useZodForm<DaysForm, MissionDaysBody>({
    initialValues: {
      days: mission.days.length
        ? mission.days.map((d) => ({ day: d.day, timeSlotId: String(d.timeSlotId) }))
        : [
            { day: "", timeSlotId: "1" },
            { day: "", timeSlotId: "1" },
          ],
      remote: mission.remote ? "remote" : "onSite",
    },
    schema: missionDaysBodySchema,
    toBody: (values) => ({
      // A day kept keeps its programme.
      days: values.days.map((d) => ({
        day: d.day,
        timeSlotId: Number(d.timeSlotId),
        programme: mission.days.find((m) => m.day === d.day)?.programme ?? [],
      })),
      ...(remoteAllowed ? { remote: values.remote === "remote" } : {}),
      version: mission.version,
    }),
  });
  const values = form.getValues();
  const total = values.days.reduce((s, d) => s + (timeSlotById(Number(d.timeSlotId))?.dayFraction ?? 0), 0);
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: mission.id, body });
    notifySaved("Jours de visite enregistrés.");
    onClose();
  });
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Enregistrer les jours"
      loading={save.isPending}
      footer={<Text size="sm">Durée : {formatDays(total)}</Text>}
    >
      {remoteAllowed ? (
        <Input.Wrapper
          label="Lieu de l'audit"
          description="Un audit à distance n'a pas de déplacement : son ordre de mission et le courrier à l'établissement le disent."
          error={form.errors.remote}
        >
          <SegmentedControl
            mt={4}
            data={MODALITIES}
            value={values.remote}
            onChange={(v) => form.setFieldValue("remote", v === "remote" ? "remote" : "onSite")}
          />
        </Input.Wrapper>
      ) : (
        <Text size="sm" c="dimmed">
          Depuis juillet 2025, la visite d'une évaluation ESSMS dure au moins deux jours.
        </Text>
      )}
      {values.days.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: days have no identity until saved.
        <Group key={i} align="flex-end" wrap="wrap" gap="xs">
          <DateField label={`Jour ${i + 1}`} clearable={false} w={160} {...form.getInputProps(`days.${i}.day`)} />
          <Select
            label={`Créneau du jour ${i + 1}`}
            allowDeselect={false}
            data={SLOT_GROUPS}
            style={{ flex: 1 }}
            miw={200}
            {...form.getInputProps(`days.${i}.timeSlotId`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Retirer le jour ${i + 1}`}
            onClick={() => form.removeListItem("days", i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem("days", { day: "", timeSlotId: "1" })}
        >
          Ajouter un jour
        </Button>
      </Group>
    </FormContent>
  );
}

/** The visit days on the spec's slots and, from 16/12/2022, their day-by-day programme. */
export function VisitDaysSection({ mission }: { mission: MissionDetail }) {
  const [editing, setEditing] = useState(false);
  const [programmeDay, setProgrammeDay] = useState<string | null>(null);
  const canEditDays = !!mission.abilities.updateDays;
  const canEditProgramme = !!mission.abilities.updateProgramme;
  const withProgramme = mission.days.some((d) => hasProgrammeColumn(d.day));
  const total = mission.days.reduce((s, d) => s + d.dayFraction, 0);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Jours de visite
        </Title>
        {canEditDays && (
          <Button variant="light" onClick={() => setEditing(true)}>
            {mission.days.length ? "Modifier les jours" : "Programmer les jours"}
          </Button>
        )}
      </Group>
      {mission.days.length === 0 ? (
        <Text c="dimmed">Aucun jour de visite : la mission est à programmer.</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table aria-label="Jours de visite">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Jour</Table.Th>
                <Table.Th>Créneau</Table.Th>
                {withProgramme && <Table.Th>Programme</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mission.days.map((d) => (
                <Table.Tr key={d.day}>
                  <Table.Td>{formatDate(d.day)}</Table.Td>
                  <Table.Td>{d.timeSlot}</Table.Td>
                  {withProgramme && (
                    <Table.Td>
                      {hasProgrammeColumn(d.day) && (
                        <Stack gap={4}>
                          {d.programme.length === 0 ? (
                            <Text size="sm" c="dimmed">
                              Programme à établir
                            </Text>
                          ) : (
                            d.programme.map((p, i) => (
                              // biome-ignore lint/suspicious/noArrayIndexKey: entries are edited as a list.
                              <Text size="sm" key={i}>
                                {p.time ? `${p.time} · ` : ""}
                                <strong>{PROGRAMME_ACTIVITY_LABELS[p.activity]}</strong>
                                {p.people ? ` — ${p.people}` : ""}
                              </Text>
                            ))
                          )}
                          {canEditProgramme && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              w="fit-content"
                              aria-label={`Modifier le programme du ${formatDate(d.day)}`}
                              onClick={() => setProgrammeDay(d.day)}
                            >
                              Modifier le programme
                            </Button>
                          )}
                        </Stack>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {mission.days.length > 0 && <Text size="sm">Durée de la visite : {formatDays(total)}</Text>}
      {canBeRemote(mission.kind) && (
        <Text size="sm">
          Lieu de l'audit : <strong>{modalityLabel(mission.remote)}</strong>
          {mission.remote ? " (aucun déplacement)" : ""}
        </Text>
      )}
      <FormModal opened={editing} onClose={() => setEditing(false)} title="Jours de visite" size="lg">
        <DaysFormContent mission={mission} onClose={() => setEditing(false)} />
      </FormModal>
      <ProgrammeModal mission={mission} day={programmeDay} onClose={() => setProgrammeDay(null)} />
    </Stack>
  );
}
