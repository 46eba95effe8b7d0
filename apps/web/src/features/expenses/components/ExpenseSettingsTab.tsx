import { type ExpenseSettings, expenseSettingsBodySchema, parseDecimal } from "@certidesk/shared";
import { Alert, Paper, Stack, Text, Title } from "@mantine/core";
import { FormContent, LoadingOverlay, NumericInput } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useExpenseSettings } from "../api/get-expense-settings";
import { useUpdateExpenseSettings } from "../api/update-expense-settings";

/**
 * Settings › Frais: the mileage rate of the evaluators' car journeys, the satisfaction questionnaire's
 * delay, the margin around the mission's dates past which an expense is flagged.
 */
export function ExpenseSettingsTab() {
  const { data, error } = useExpenseSettings();
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!data) return <LoadingOverlay visible />;
  return <KmRateForm key={data.version} settings={data} />;
}

interface SettingsForm extends Record<string, unknown> {
  kmRate: string;
  satisfactionAfterDays: string;
  dateMarginDays: string;
}
type SettingsBody = { kmRate: number; satisfactionAfterDays: number | null; dateMarginDays: number; version: number };

function KmRateForm({ settings }: { settings: ExpenseSettings }) {
  const save = useUpdateExpenseSettings();
  const { form, submit, banner } = useZodForm<SettingsForm, SettingsBody>({
    initialValues: {
      kmRate: settings.kmRate.toLocaleString("fr-FR", { maximumFractionDigits: 3 }),
      satisfactionAfterDays: settings.satisfactionAfterDays === null ? "" : String(settings.satisfactionAfterDays),
      dateMarginDays: String(settings.dateMarginDays),
    },
    schema: expenseSettingsBodySchema,
    toBody: (v) => ({
      kmRate: parseDecimal(v.kmRate) as number,
      satisfactionAfterDays:
        v.satisfactionAfterDays.trim() === "" ? null : (parseDecimal(v.satisfactionAfterDays) as number),
      dateMarginDays: parseDecimal(v.dateMarginDays) as number,
      version: settings.version,
    }),
  });
  const onSubmit = submit(async (body) => {
    await save.mutateAsync(body);
    notifySaved();
  });
  return (
    <Paper withBorder p="md" maw={560}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Frais des évaluateurs et satisfaction
        </Title>
        <Text size="sm">
          Le barème kilométrique s'applique aux trajets en voiture personnelle déclarés à partir de maintenant ; une
          dépense déjà déclarée garde le barème de sa déclaration.
        </Text>
        <FormContent
          onSubmit={onSubmit}
          onCancel={() => form.reset()}
          banner={banner}
          submitLabel="Enregistrer"
          loading={save.isPending}
        >
          <NumericInput
            label="Barème kilométrique (€ par km)"
            required
            maxLength={6}
            {...form.getInputProps("kmRate")}
          />
          <NumericInput
            label="Questionnaire de satisfaction envoyé (jours après la visite)"
            description="Laissé vide : envoi à la main seulement, depuis l'onglet Performance de la mission"
            allowDecimal={false}
            maxLength={2}
            {...form.getInputProps("satisfactionAfterDays")}
          />
          <NumericInput
            label="Marge autour des dates de la mission (jours)"
            description="Une dépense datée plus tôt avant la visite ou plus tard après est signalée à qui la valide ; une dépense datée après aujourd'hui est refusée."
            required
            allowDecimal={false}
            maxLength={2}
            {...form.getInputProps("dateMarginDays")}
          />
        </FormContent>
      </Stack>
    </Paper>
  );
}
