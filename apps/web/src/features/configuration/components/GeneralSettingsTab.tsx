import type { Configuration, UpdateConfigurationBody } from "@certidesk/shared";
import {
  Alert,
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { type FormEvent, useEffect, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { useConfiguration } from "../../../lib/configuration/get-configuration";
import { notifySaved } from "../../../lib/notify";
import { useUpdateConfiguration } from "../api/update-configuration";
import { useUploadLogo } from "../api/upload-logo";

type Form = Omit<UpdateConfigurationBody, "version">;
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
    decimalSeparator: c.decimalSeparator,
    legalForm: c.legalForm ?? "",
    siret: c.siret ?? "",
    vatNumber: c.vatNumber ?? "",
    address: c.address ?? "",
    postalCode: c.postalCode ?? "",
    city: c.city ?? "",
    phone: c.phone ?? "",
    email: c.email ?? "",
    accreditation: c.accreditation ?? "",
  };
}

export function GeneralSettingsTab() {
  const { data: configuration } = useConfiguration();
  const { can } = useCan();
  const editable = can("SETTING", "update");
  const update = useUpdateConfiguration();
  const upload = useUploadLogo();
  const [form, setForm] = useState<Form | null>(null);
  useEffect(() => {
    if (configuration) setForm(toForm(configuration));
  }, [configuration]);
  if (!configuration || !form) return null;
  const set = (key: keyof Form, value: string) => setForm((f) => (f ? { ...f, [key]: value } : f));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!configuration || !form) return;
    const saved = await update
      .mutateAsync({ id: configuration.id, body: { ...form, version: configuration.version } })
      .catch(() => null);
    if (saved) notifySaved();
  }

  async function onLogo(file: File | null) {
    if (!file) return;
    const saved = await upload.mutateAsync(file).catch(() => null);
    if (saved) notifySaved("Le logo a été mis à jour.");
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {(update.isError || upload.isError) && (
          <Alert color="red" role="alert">
            {errorMessage(update.error ?? upload.error)}
          </Alert>
        )}
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="sm">
            Identité visuelle
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput
              label="Nom de la société"
              required
              value={form.companyName}
              onChange={(e) => set("companyName", e.currentTarget.value)}
              disabled={!editable}
            />
            <Group align="flex-end">
              {configuration.logo ? (
                <Image src={configuration.logo.url} alt="Logo actuel" h={48} w="auto" fit="contain" />
              ) : (
                <Text size="sm" c="dimmed">
                  Aucun logo
                </Text>
              )}
              {editable && (
                <FileButton onChange={onLogo} accept="image/png,image/jpeg,image/webp,image/x-icon">
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
              value={form.primaryColor}
              onChange={(v) => set("primaryColor", v)}
              disabled={!editable}
              format="hex"
              eyeDropperButtonProps={{ "aria-label": "Prendre la couleur principale à l'écran" }}
            />
            <ColorInput
              label="Couleur secondaire (vert)"
              value={form.secondaryColor}
              onChange={(v) => set("secondaryColor", v)}
              disabled={!editable}
              format="hex"
              eyeDropperButtonProps={{ "aria-label": "Prendre la couleur secondaire à l'écran" }}
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                Séparateur décimal des montants
              </Text>
              <SegmentedControl
                value={form.decimalSeparator}
                onChange={(v) => set("decimalSeparator", v)}
                disabled={!editable}
                data={[
                  { value: ".", label: "Point (1 234.56 €)" },
                  { value: ",", label: "Virgule (1 234,56 €)" },
                ]}
              />
            </div>
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
                value={String(form[f.key] ?? "")}
                onChange={(e) => set(f.key, e.currentTarget.value)}
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
