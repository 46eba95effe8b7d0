import {
  type AccessibilityStatementBody,
  type AccessibilityStatementSettings,
  accessibilityStatementBodySchema,
} from "@certidesk/shared";
import { Anchor, SimpleGrid, Text, Textarea, TextInput } from "@mantine/core";
import { Link } from "react-router";
import { DateField, FormContent, SettingsTab } from "../../../components";
import { ACCESSIBILITY_STATEMENT_PATH, RGAA_SUMMARY } from "../../../lib/accessibility/conformance";
import { CONFORMANCE_LABELS, formatRate } from "../../../lib/accessibility/rgaa-checklist";
import { useConfiguration } from "../../../lib/configuration/get-configuration";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useStatementSettings } from "../api/get-statement-settings";
import { useSaveStatementSettings } from "../api/save-statement-settings";

type Form = Omit<AccessibilityStatementSettings, "version" | "auditDate"> & { auditDate: string };

const toForm = ({ version: _version, auditDate, ...texts }: AccessibilityStatementSettings): Form => ({
  ...texts,
  auditDate: auditDate ?? "",
});

function SettingsForm({ settings, readOnly }: { settings: AccessibilityStatementSettings; readOnly: boolean }) {
  const save = useSaveStatementSettings();
  const { data: company } = useConfiguration();
  const { form, submit, banner } = useZodForm<Form, AccessibilityStatementBody>({
    initialValues: toForm(settings),
    schema: accessibilityStatementBodySchema,
    toBody: (values) => ({ ...values, auditDate: values.auditDate || null, version: settings.version }),
  });
  const onSubmit = submit(async (body) => {
    await save.mutateAsync(body);
    notifySaved("Déclaration d'accessibilité enregistrée.");
  });
  const fallback = (value: string | null | undefined, what: string) =>
    value
      ? `Vide : ${what} (« ${value} »).`
      : `Vide : ${what}, qui n'est pas renseigné non plus (Paramètres › Société).`;
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={() => form.setValues(toForm(settings))}
      banner={banner}
      submitLabel="Enregistrer"
      submitDisabled={readOnly}
      loading={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Nom de l'organisme"
          description={fallback(company?.companyName, "le nom de la société")}
          readOnly={readOnly}
          {...form.getInputProps("bodyName")}
        />
        <DateField
          label="Date de l'évaluation"
          description="Le jour où la grille a été revue pour la dernière fois."
          readOnly={readOnly}
          maxDate={new Date()}
          {...form.getInputProps("auditDate")}
        />
        <TextInput
          label="E-mail de contact"
          description={fallback(company?.email, "l'e-mail de la société")}
          type="email"
          readOnly={readOnly}
          {...form.getInputProps("contactEmail")}
        />
        <Textarea
          label="Adresse postale"
          description={fallback(company?.address, "l'adresse de la société")}
          autosize
          minRows={2}
          readOnly={readOnly}
          {...form.getInputProps("postalAddress")}
        />
      </SimpleGrid>
      <Textarea
        label="Environnement de test"
        description="Les navigateurs et les technologies d'assistance de la vérification (par exemple NVDA avec Firefox, VoiceOver avec Safari)."
        required
        autosize
        minRows={2}
        readOnly={readOnly}
        {...form.getInputProps("testEnvironment")}
      />
      <Textarea
        label="Dérogations pour charge disproportionnée"
        description="Vide : la déclaration dit « Aucune. »"
        autosize
        minRows={2}
        readOnly={readOnly}
        {...form.getInputProps("derogations")}
      />
      <Textarea
        label="Contenus non soumis à l'obligation d'accessibilité"
        description="Par exemple les documents déposés avant le 23 septembre 2018 ou ceux de tiers. Vide : « Aucun. »"
        autosize
        minRows={2}
        readOnly={readOnly}
        {...form.getInputProps("exemptContent")}
      />
    </FormContent>
  );
}

/**
 * Settings › Accessibilité: the body's texts of its accessibility statement. The rate is not typed here:
 * it comes from the project's RGAA checklist (docs/rgaa.md), with the list of non-conformities.
 */
export function AccessibilityStatementTab() {
  return (
    <SettingsTab
      query={useStatementSettings()}
      intro={
        <Text size="sm" c="dimmed">
          La déclaration d'accessibilité est publique ; le pied de chaque page y mène. Son taux de conformité,{" "}
          {formatRate(RGAA_SUMMARY.rate)} ({CONFORMANCE_LABELS[RGAA_SUMMARY.state]}), et la liste des non-conformités
          viennent de la grille RGAA de Certidesk, mise à jour avec l'application ; les textes ci-dessous sont ceux de
          l'organisme.{" "}
          <Anchor component={Link} to={ACCESSIBILITY_STATEMENT_PATH} size="sm" underline="always">
            Voir la déclaration
          </Anchor>
        </Text>
      }
    >
      {(settings, readOnly) => <SettingsForm settings={settings} readOnly={readOnly} />}
    </SettingsTab>
  );
}
