import { ALERT_PAGES, type AlertSetting, updateAlertSettingBodySchema } from "@certidesk/shared";
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { NumericInput, Spinner } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { notifySaved } from "../../../lib/notify";
import { useAlertSettings } from "../api/get-alert-settings";
import { useSaveAlertSetting } from "../api/save-alert-setting";
import { DigestHourForm } from "./DigestHourForm";

const pageLabel = (code: AlertSetting["page"]) => ALERT_PAGES.find((p) => p.code === code)?.label ?? code;

/** One rule's threshold: the days typed, checked with the shared schema, saved with the version read. */
function ThresholdRow({ setting, editable }: { setting: AlertSetting; editable: boolean }) {
  const [days, setDays] = useState(String(setting.days));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const save = useSaveAlertSetting();
  const changed = days !== String(setting.days);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = updateAlertSettingBodySchema.shape.days.safeParse(days === "" ? undefined : days);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? "Nombre de jours invalide.");
    setFieldError(null);
    await save.mutateAsync({ code: setting.code, days: parsed.data, version: setting.version }).then(
      () => notifySaved(),
      (error: unknown) => setFieldError(errorMessage(error)),
    );
  }
  const inputId = `seuil-${setting.code}`;
  return (
    <Table.Tr>
      <Table.Td>{pageLabel(setting.page)}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} component="div">
          {setting.title}
        </Text>
        <Text size="xs" c="dimmed">
          {setting.label} ({setting.default} par défaut)
        </Text>
      </Table.Td>
      <Table.Td>
        <form onSubmit={submit} noValidate>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <NumericInput
              id={inputId}
              aria-label={`${setting.title} : nombre de jours`}
              w={90}
              allowDecimal={false}
              maxLength={4}
              value={days}
              onChange={setDays}
              disabled={!editable}
              error={fieldError}
              rightSection={
                <Text size="xs" c="dimmed">
                  j
                </Text>
              }
            />
            {editable && (
              <Button type="submit" variant="light" disabled={!changed} loading={save.isPending}>
                Enregistrer
              </Button>
            )}
          </Group>
        </form>
      </Table.Td>
    </Table.Tr>
  );
}

/** Settings › Alertes: the threshold of every rule that has one; only SETTING update may change them. */
export function AlertSettingsTab() {
  const { can } = useCan();
  const editable = can("SETTING", "update");
  const { data, isLoading, isError, error } = useAlertSettings();
  if (isLoading) return <Spinner />;
  if (isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(error)}
      </Alert>
    );
  const order = (s: AlertSetting) => ALERT_PAGES.findIndex((p) => p.code === s.page);
  const rows = [...(data ?? [])].sort((a, b) => order(a) - order(b) || a.title.localeCompare(b.title, "fr"));
  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack>
          <div>
            <Title order={2} size="h4">
              Seuils des alertes
            </Title>
            <Text size="sm" c="dimmed">
              Le nombre de jours après lequel chaque alerte apparaît dans les pages d'alertes.
              {!editable &&
                " Vous pouvez les consulter ; seul un profil autorisé à modifier les paramètres peut les changer."}
            </Text>
          </div>
          {rows.length === 0 ? (
            <Text c="dimmed">Aucune alerte n'a de seuil réglable.</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={140}>Page</Table.Th>
                    <Table.Th>Alerte</Table.Th>
                    <Table.Th w={230}>Jours</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((s) => (
                    <ThresholdRow key={`${s.code}:${s.version}`} setting={s} editable={editable} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
      <DigestHourForm editable={editable} />
    </Stack>
  );
}
