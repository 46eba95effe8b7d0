import {
  type Configuration,
  formatPhone,
  type UpdateConfigurationBody,
  updateConfigurationBodySchema,
} from "@certidesk/shared";
import {
  Alert,
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { useConfiguration } from "../../../lib/configuration/get-configuration";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useUpdateConfiguration } from "../api/update-configuration";
import { useUploadLogo } from "../api/upload-logo";

type Form = {
  [K in keyof Omit<UpdateConfigurationBody, "version">]-?: string;
};
const TEXT_FIELDS: Array<{ key: keyof Form; label: string; description?: string }> = [
  { key: "legalForm", label: "Forme juridique" },
  { key: "siret", label: "SIRET", description: "14 chiffres" },
  { key: "vatNumber", label: "N° de TVA intracommunautaire" },
  { key: "accreditation", label: "Accréditation", description: "Ex. : COFRAC Inspection n° …" },
  { key: "address", label: "Adresse" },
  { key: "postalCode", label: "Code postal" },
  { key: "city", label: "Ville" },
  { key: "phone", label: "Téléphone" },
  { key: "email", label: "E-mail" },
];

function toForm(c: Configuration): Form {
  return {
    companyName: c.companyName,
    primaryColor: c.primaryColor,
    secondaryColor: c.secondaryColor,
    legalForm: c.legalForm ?? "",
    siret: c.siret ?? "",
    vatNumber: c.vatNumber ?? "",
    address: c.address ?? "",
    postalCode: c.postalCode ?? "",
    city: c.city ?? "",
    phone: formatPhone(c.phone),
    email: c.email ?? "",
    accreditation: c.accreditation ?? "",
  };
}

export function GeneralSettingsTab() {
  const { data: configuration } = useConfiguration();
  if (!configuration) return null;
  // A new version (after a save or another user's) starts the form again from the stored values.
  return <GeneralSettingsForm key={configuration.version} configuration={configuration} />;
}

function GeneralSettingsForm({ configuration }: { configuration: Configuration }) {
  const { can } = useCan();
  const editable = can("SETTING", "update");
  const update = useUpdateConfiguration();
  const upload = useUploadLogo();
  const { form, submit, banner } = useZodForm<Form, UpdateConfigurationBody>({
    initialValues: toForm(configuration),
    schema: updateConfigurationBodySchema,
    toBody: (values) => ({ ...values, version: configuration.version }),
  });
  const save = submit(async (body) => {
    await update.mutateAsync({ id: configuration.id, body });
    notifySaved();
  });

  async function onLogo(file: File | null) {
    if (!file) return;
    const saved = await upload.mutateAsync(file).catch(() => null);
    if (saved) notifySaved("Le logo a été mis à jour.");
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack>
        {(banner || upload.isError) && (
          <Alert color="red" role="alert">
            {banner ?? errorMessage(upload.error)}
          </Alert>
        )}
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="sm">
            Identité visuelle
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput label="Nom de la société" required {...form.getInputProps("companyName")} disabled={!editable} />
            <Group align="flex-end">
              {configuration.logo ? (
                <Image src={configuration.logo.url} alt="Logo actuel" h={48} w="auto" fit="contain" />
              ) : (
                <Text size="sm" c="dimmed">
                  Aucun logo
                </Text>
              )}
              {editable && (
                <FileButton onChange={onLogo} accept="image/png,image/jpeg,image/webp">
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      leftSection={<IconUpload size={16} />}
                      loading={upload.isPending}
                    >
                      Déposer un logo
                    </Button>
                  )}
                </FileButton>
              )}
            </Group>
            <ColorInput
              label="Couleur principale (bleu)"
              {...form.getInputProps("primaryColor")}
              disabled={!editable}
              format="hex"
              eyeDropperButtonProps={{ "aria-label": "Prendre la couleur principale à l'écran" }}
            />
            <ColorInput
              label="Couleur secondaire (vert)"
              {...form.getInputProps("secondaryColor")}
              disabled={!editable}
              format="hex"
              eyeDropperButtonProps={{ "aria-label": "Prendre la couleur secondaire à l'écran" }}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md">
          <Title order={3} size="h4">
            Identité de la société
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Mentions obligatoires des devis, contrats et factures : tant qu'elles manquent, leur envoi est bloqué.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {TEXT_FIELDS.map((f) => (
              <TextInput
                key={f.key}
                label={f.label}
                description={f.description}
                {...form.getInputProps(f.key)}
                onBlur={(event) => {
                  if (f.key === "phone") form.setFieldValue("phone", formatPhone(event.currentTarget.value));
                  form.getInputProps(f.key).onBlur?.(event);
                }}
                disabled={!editable}
              />
            ))}
          </SimpleGrid>
        </Paper>
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Enregistrer
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
