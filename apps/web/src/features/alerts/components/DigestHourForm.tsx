import { alertDigestSettingsBodySchema } from "@certidesk/shared";
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { NumericInput, Spinner } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useDigestSettings } from "../api/get-digest-settings";
import { useSaveDigestSettings } from "../api/save-digest-settings";

/** The hour the daily digest of alerts leaves (Paris time), for the users who asked for it. */
export function DigestHourForm({ editable }: { editable: boolean }) {
  const { data, isLoading, isError, error } = useDigestSettings();
  if (isLoading) return <Spinner />;
  if (isError || !data)
    return (
      <Alert color="red" role="alert">
        {errorMessage(error)}
      </Alert>
    );
  return <HourForm key={data.version} hour={data.hour} version={data.version} editable={editable} />;
}

function HourForm({ hour, version, editable }: { hour: number; version: number; editable: boolean }) {
  const [value, setValue] = useState(String(hour));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const save = useSaveDigestSettings();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = alertDigestSettingsBodySchema.safeParse({ hour: value === "" ? undefined : value, version });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? "Heure invalide.");
    setFieldError(null);
    await save.mutateAsync(parsed.data).then(
      () => notifySaved(),
      (e: unknown) => setFieldError(errorMessage(e)),
    );
  }
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Résumé quotidien par e-mail
        </Title>
        <Text size="sm" c="dimmed">
          Les utilisateurs qui l'ont demandé (menu de leur compte) reçoivent chaque jour, à partir de cette heure (heure
          de Paris), leurs nouvelles alertes.
        </Text>
        <form onSubmit={submit} noValidate>
          <Group gap="xs" align="flex-start">
            <NumericInput
              label="Heure d'envoi"
              w={120}
              allowDecimal={false}
              maxLength={2}
              value={value}
              onChange={setValue}
              disabled={!editable}
              error={fieldError}
              rightSection={
                <Text size="xs" c="dimmed">
                  h
                </Text>
              }
            />
            {editable && (
              <Button type="submit" variant="light" mt={25} disabled={value === String(hour)} loading={save.isPending}>
                Enregistrer
              </Button>
            )}
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
