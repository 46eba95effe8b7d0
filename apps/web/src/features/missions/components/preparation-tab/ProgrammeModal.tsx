import {
  formatDate,
  type MissionDetail,
  type MissionProgrammeBody,
  missionProgrammeBodySchema,
  PROGRAMME_ACTIVITIES,
  PROGRAMME_ACTIVITY_LABELS,
  type ProgrammeActivity,
} from "@certidesk/shared";
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { FormContent, FormModal } from "../../../../components";
import { useZodForm } from "../../../../lib/form/use-zod-form";
import { notifySaved } from "../../../../lib/notify";
import { useSaveProgramme } from "../../api/save-programme";

interface ProgrammeForm extends Record<string, unknown> {
  entries: Array<{ time: string; activity: string; people: string }>;
}

function ProgrammeFormContent({ mission, day, onClose }: { mission: MissionDetail; day: string; onClose: () => void }) {
  const save = useSaveProgramme();
  const current = mission.days.find((d) => d.day === day)?.programme ?? [];
  const { form, submit, banner } = useZodForm<ProgrammeForm, MissionProgrammeBody>({
    initialValues: {
      entries: current.map((p) => ({ time: p.time ?? "", activity: p.activity, people: p.people ?? "" })),
    },
    schema: missionProgrammeBodySchema,
    toBody: (values) => ({
      days: [
        {
          day,
          programme: values.entries.map((e) => ({
            time: e.time.trim() || null,
            activity: e.activity as ProgrammeActivity,
            people: e.people.trim() || null,
          })),
        },
      ],
      version: mission.version,
    }),
    toFormPath: (path) => path.replace(/^days\.0\.programme/, "entries"),
  });
  const values = form.getValues();
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: mission.id, body });
    notifySaved("Programme enregistré.");
    onClose();
  });
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Enregistrer le programme"
      loading={save.isPending}
    >
      {values.entries.length === 0 && (
        <Text size="sm" c="dimmed">
          Aucune séquence : ajoutez les accompagnés traceurs, traceurs ciblés et temps d'audit système.
        </Text>
      )}
      {values.entries.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity.
        <Paper key={i} withBorder p="xs">
          <Group align="flex-end" wrap="wrap" gap="xs">
            <TextInput
              label={`Heure ${i + 1}`}
              placeholder="9h00"
              w={90}
              {...form.getInputProps(`entries.${i}.time`)}
            />
            <Select
              label={`Méthode ${i + 1}`}
              allowDeselect={false}
              data={PROGRAMME_ACTIVITIES.map((a) => ({ value: a, label: PROGRAMME_ACTIVITY_LABELS[a] }))}
              w={190}
              {...form.getInputProps(`entries.${i}.activity`)}
            />
            <TextInput
              label={`Personnes rencontrées ${i + 1}`}
              placeholder="Personne accompagnée, professionnels, direction…"
              style={{ flex: 1 }}
              miw={200}
              {...form.getInputProps(`entries.${i}.people`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Retirer la séquence ${i + 1}`}
              onClick={() => form.removeListItem("entries", i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem("entries", { time: "", activity: "ACCOMPAGNE_TRACEUR", people: "" })}
        >
          Ajouter une séquence
        </Button>
      </Group>
    </FormContent>
  );
}

/** The programme of one visit day: time, method (accompagné traceur, traceur ciblé, audit système), people met. */
export function ProgrammeModal({
  mission,
  day,
  onClose,
}: {
  mission: MissionDetail;
  day: string | null;
  onClose: () => void;
}) {
  return (
    <FormModal opened={day !== null} onClose={onClose} title={`Programme du ${day ? formatDate(day) : ""}`} size="xl">
      {day && (
        <Stack>
          <ProgrammeFormContent mission={mission} day={day} onClose={onClose} />
        </Stack>
      )}
    </FormModal>
  );
}
