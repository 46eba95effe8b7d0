import { type DeadlineSettingsBody, deadlineSettingsBodySchema } from "@certidesk/shared";
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { SettingsTab } from "../../../../components";
import { useCan } from "../../../../lib/can";
import { useZodForm } from "../../../../lib/form/use-zod-form";
import { notifySaved } from "../../../../lib/notify";
import { type DeadlineSettingsRow, useDeadlineSettings } from "../../api/get-deadline-settings";
import { useSaveDeadlineSettings } from "../../api/save-deadline-settings";

interface DeadlinesForm extends Record<string, unknown> {
  preliminaryReportDays: number | string;
  observationsDays: number | string;
  finalReportDays: number | string;
  reminderDaysBefore: number | string;
}

const FIELDS: Array<{ key: keyof DeadlinesForm & string; label: string; description: string }> = [
  {
    key: "preliminaryReportDays",
    label: "Rapport préliminaire",
    description: "Jours après le dernier jour de visite (30 par défaut)",
  },
  {
    key: "observationsDays",
    label: "Observations de l'établissement",
    description: "Jours après la réception du rapport préliminaire (15 par défaut)",
  },
  {
    key: "finalReportDays",
    label: "Rapport définitif",
    description: "Jours après les observations (15 par défaut)",
  },
  {
    key: "reminderDaysBefore",
    label: "Rappel au coordinateur",
    description: "Jours avant l'échéance d'un rapport (5 par défaut ; 0 : le jour même)",
  },
];

function DeadlinesForm({ settings }: { settings: DeadlineSettingsRow }) {
  const { can } = useCan();
  const editable = can("SETTING", "update");
  const save = useSaveDeadlineSettings();
  const { form, submit, banner } = useZodForm<DeadlinesForm, DeadlineSettingsBody>({
    initialValues: {
      preliminaryReportDays: settings.preliminaryReportDays,
      observationsDays: settings.observationsDays,
      finalReportDays: settings.finalReportDays,
      reminderDaysBefore: settings.reminderDaysBefore,
    },
    schema: deadlineSettingsBodySchema,
    toBody: (v) => ({
      preliminaryReportDays: Number(v.preliminaryReportDays),
      observationsDays: Number(v.observationsDays),
      finalReportDays: Number(v.finalReportDays),
      reminderDaysBefore: Number(v.reminderDaysBefore),
      version: settings.version,
    }),
  });
  const onSubmit = submit(async (body) => {
    await save.mutateAsync(body);
    notifySaved("Délais des rapports enregistrés.");
  });
  return (
    <Paper withBorder p="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Délais des rapports
          </Title>
          {banner && (
            <Text c="red" role="alert">
              {banner}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map((f) => (
              <NumberInput
                key={f.key}
                label={f.label}
                description={f.description}
                suffix=" jours"
                min={0}
                allowDecimal={false}
                disabled={!editable}
                {...form.getInputProps(f.key)}
              />
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Les échéances des missions et les rappels suivent ces délais. Un rapport est en retard le lendemain de son
            échéance ; le rappel part une fois par rapport et par échéance (modèle « Rappel d'échéance de rapport » dans
            Paramètres › E-mails).
          </Text>
          {editable && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Enregistrer
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

/** Settings › Missions: the report deadlines and the reminder. */
export function MissionDeadlinesTab() {
  return <SettingsTab query={useDeadlineSettings()}>{(settings) => <DeadlinesForm settings={settings} />}</SettingsTab>;
}
