import { type AccountingSettings, type AccountingSettingsBody, accountingSettingsBodySchema } from "@certidesk/shared";
import { SimpleGrid, Text, TextInput, Title } from "@mantine/core";
import { FormContent, SettingsTab } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useAccountingSettings, useSaveAccountingSettings } from "../api/accounting-settings";

type Form = AccountingSettingsBody;
const toForm = ({ version, ...s }: AccountingSettings): Form => ({ ...s, version });

function SettingsForm({ settings, readOnly }: { settings: AccountingSettings; readOnly: boolean }) {
  const save = useSaveAccountingSettings();
  const { form, submit, banner } = useZodForm<Form, AccountingSettingsBody>({
    initialValues: toForm(settings),
    schema: accountingSettingsBodySchema,
  });
  const onSubmit = submit(async (body) => {
    await save.mutateAsync(body);
    notifySaved("Comptes et journaux enregistrés.");
  });
  const field = (name: keyof Form, label: string) => (
    <TextInput label={label} readOnly={readOnly} {...form.getInputProps(name)} />
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
        Journaux
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        {field("salesJournalCode", "Code du journal des ventes")}
        {field("salesJournalLabel", "Libellé du journal des ventes")}
        {field("bankJournalCode", "Code du journal de banque")}
        {field("bankJournalLabel", "Libellé du journal de banque")}
      </SimpleGrid>
      <Title order={2} size="h4">
        Clients et banque
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {field("customerAccount", "Compte collectif clients")}
        {field("auxiliaryPrefix", "Préfixe des comptes clients")}
        {field("bankAccount", "Compte de banque")}
      </SimpleGrid>
      <Title order={2} size="h4">
        Prestations et TVA collectée
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {field("salesAccount20", "Prestations TVA 20 %")}
        {field("salesAccount85", "Prestations TVA 8,5 %")}
        {field("salesAccountExempt", "Prestations exonérées")}
        {field("vatAccount20", "TVA collectée 20 %")}
        {field("vatAccount85", "TVA collectée 8,5 %")}
      </SimpleGrid>
    </FormContent>
  );
}

/** Settings › Comptabilité: the accounts and journals the FEC is written with. */
export function AccountingSettingsTab() {
  return (
    <SettingsTab
      query={useAccountingSettings()}
      intro={
        <Text size="sm" c="dimmed">
          Le fichier des écritures comptables (FEC), téléchargé depuis Factures › Rapprochement bancaire, passe chaque
          facture, avoir et règlement sur ces comptes. Chaque client y a son compte auxiliaire (le préfixe suivi de son
          nom), attribué une fois pour toutes.
        </Text>
      }
    >
      {(settings, readOnly) => <SettingsForm settings={settings} readOnly={readOnly} />}
    </SettingsTab>
  );
}
