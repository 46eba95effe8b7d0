import {
  type InvoiceSettings,
  type InvoiceSettingsBody,
  invoiceSettingsBodySchema,
  parseDecimal,
} from "@certidesk/shared";
import { SimpleGrid, Text, TextInput, Title } from "@mantine/core";
import { FormContent, NumericInput, SettingsTab } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useInvoiceSettings, useSaveInvoiceSettings } from "../api/invoice-settings";

type SettingsForm = Record<keyof Omit<InvoiceSettings, "version">, string> & { version: number };

const toForm = (s: InvoiceSettings): SettingsForm => ({
  paymentTermsDays: String(s.paymentTermsDays),
  latePenaltyRate: s.latePenaltyRate,
  depositPercent: String(s.depositPercent).replace(".", ","),
  reminderDays: s.reminderDays.join(", "),
  iban: s.iban ?? "",
  bic: s.bic ?? "",
  version: s.version,
});
const toBody = (v: SettingsForm): InvoiceSettingsBody => ({
  ...v,
  paymentTermsDays: parseDecimal(v.paymentTermsDays) as number,
  depositPercent: parseDecimal(v.depositPercent) as number,
  reminderDays: v.reminderDays
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((d) => Number(d)),
});

function SettingsFormView({ settings, readOnly }: { settings: InvoiceSettings; readOnly: boolean }) {
  const save = useSaveInvoiceSettings();
  const { form, submit, banner } = useZodForm<SettingsForm, InvoiceSettingsBody>({
    initialValues: toForm(settings),
    schema: invoiceSettingsBodySchema,
    toBody,
  });
  const onSubmit = submit(async (body) => {
    await save.mutateAsync(body);
    notifySaved("Paramètres de facturation enregistrés.");
  });
  const field = (name: keyof SettingsForm, label: string, w?: number) => (
    <TextInput label={label} readOnly={readOnly} w={w} {...form.getInputProps(name)} />
  );
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={() => form.setValues(toForm(settings))}
      banner={banner}
      submitLabel="Enregistrer"
      submitDisabled={readOnly}
      loading={save.isPending}
    >
      <Title order={2} size="h4">
        Conditions de paiement
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumericInput
          label="Délai de paiement (jours)"
          allowDecimal={false}
          maxLength={2}
          readOnly={readOnly}
          {...form.getInputProps("paymentTermsDays")}
        />
        <NumericInput
          label="Acompte à la signature (%)"
          maxLength={5}
          readOnly={readOnly}
          {...form.getInputProps("depositPercent")}
        />
        {field("reminderDays", "Relances (jours après l'échéance)")}
      </SimpleGrid>
      {field("latePenaltyRate", "Taux des pénalités de retard (imprimé sur les factures)")}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {field("iban", "IBAN")}
        {field("bic", "BIC")}
      </SimpleGrid>
    </FormContent>
  );
}

/** Settings › Facturation: payment terms, penalties, reminders, deposit and bank details. */
export function InvoiceSettingsTab() {
  return (
    <SettingsTab
      query={useInvoiceSettings()}
      intro={
        <Text size="sm" c="dimmed">
          Les factures reprennent ces conditions au moment de leur émission. L'indemnité forfaitaire de 40 € pour frais
          de recouvrement est toujours mentionnée. Les comptes et journaux des exports comptables (FEC et journal des
          ventes) se règlent dans l'onglet Comptabilité.
        </Text>
      }
    >
      {(settings, readOnly) => <SettingsFormView settings={settings} readOnly={readOnly} />}
    </SettingsTab>
  );
}
