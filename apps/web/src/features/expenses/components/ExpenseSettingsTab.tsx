import { type ExpenseSettings, expenseSettingsBodySchema, parseDecimal } from "@certidesk/shared";
import { Alert, Paper, Stack, Text, Title } from "@mantine/core";
import { FormContent, LoadingOverlay, NumericInput } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useExpenseSettings } from "../api/get-expense-settings";
import { useUpdateExpenseSettings } from "../api/update-expense-settings";

/** Settings › Frais: the mileage rate applied to the evaluators' car journeys. */
export function ExpenseSettingsTab() {
  const { data, error } = useExpenseSettings();
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!data) return <LoadingOverlay visible />;
  return <KmRateForm key={data.version} settings={data} />;
}

function KmRateForm({ settings }: { settings: ExpenseSettings }) {
  const save = useUpdateExpenseSettings();
  const { form, submit, banner } = useZodForm<{ kmRate: string }, { kmRate: number; version: number }>({
    initialValues: { kmRate: settings.kmRate.toLocaleString("fr-FR", { maximumFractionDigits: 3 }) },
    schema: expenseSettingsBodySchema,
    toBody: (v) => ({ kmRate: parseDecimal(v.kmRate) as number, version: settings.version }),
  });
  const onSubmit = submit(async (body) => {
    await save.mutateAsync(body);
    notifySaved();
  });
  return (
    <Paper withBorder p="md" maw={560}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Frais des évaluateurs
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
        </FormContent>
      </Stack>
    </Paper>
  );
}
