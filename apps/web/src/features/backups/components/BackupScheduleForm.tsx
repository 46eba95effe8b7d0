import { backupSettingsBodySchema } from "@certidesk/shared";
import { Button, Group, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { NumericInput } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useSaveBackupSettings } from "../api/save-backup-settings";

type Field = "hour" | "keep";

/** The daily backup's hour (Paris time) and how many archives are kept. */
export function BackupScheduleForm(props: { hour: number; keep: number; version: number; editable: boolean }) {
  const [values, setValues] = useState({ hour: String(props.hour), keep: String(props.keep) });
  const [errors, setErrors] = useState<Partial<Record<Field | "form", string>>>({});
  const save = useSaveBackupSettings();
  const changed = values.hour !== String(props.hour) || values.keep !== String(props.keep);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = backupSettingsBodySchema.safeParse({
      hour: values.hour === "" ? undefined : values.hour,
      keep: values.keep === "" ? undefined : values.keep,
      version: props.version,
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    await save.mutateAsync(parsed.data).then(
      () => notifySaved(),
      (e: unknown) => setErrors({ form: errorMessage(e) }),
    );
  }
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="sm" align="flex-start">
        <NumericInput
          label="Heure de la sauvegarde"
          w={170}
          allowDecimal={false}
          maxLength={2}
          value={values.hour}
          onChange={set("hour")}
          disabled={!props.editable}
          error={errors.hour}
          rightSection={
            <Text size="xs" c="dimmed">
              h
            </Text>
          }
        />
        <NumericInput
          label="Sauvegardes gardées"
          w={170}
          allowDecimal={false}
          maxLength={2}
          value={values.keep}
          onChange={set("keep")}
          disabled={!props.editable}
          error={errors.keep}
        />
        {props.editable && (
          <Button type="submit" variant="light" mt={25} disabled={!changed} loading={save.isPending}>
            Enregistrer
          </Button>
        )}
      </Group>
      {errors.form && (
        <Text c="red" size="sm" role="alert" mt="xs">
          {errors.form}
        </Text>
      )}
    </form>
  );
}
