import type { ImpartialitySettings } from "@certidesk/shared";
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { notifyError, notifySaved } from "../../../lib/notify";
import { useFareClasses } from "../api/get-fare-classes";
import { useImpartialitySettings } from "../api/get-impartiality-settings";
import { useRemoveFareClass } from "../api/remove-fare-class";
import { useSaveFareClass } from "../api/save-fare-class";
import { useSaveImpartialitySettings } from "../api/save-impartiality-settings";
import { RuleSeveritiesTable } from "./RuleSeverities";

/** Settings › Évaluateurs: the impartiality rules' numbers and the fare classes. */
export function AuditorSettingsTab() {
  const { data: settings } = useImpartialitySettings();
  return (
    <Stack>
      {settings && <ImpartialityForm key={settings.version} settings={settings} />}
      <FareClasses />
    </Stack>
  );
}

function ImpartialityForm({ settings }: { settings: ImpartialitySettings }) {
  const { can } = useCan();
  const editable = can("SETTING", "update");
  const save = useSaveImpartialitySettings();
  const [values, setValues] = useState(settings);
  const num = (
    key: "adviceMonthsBefore" | "adviceMonthsAfter" | "employmentYears" | "expiringSoonDays",
    label: string,
    suffix: string,
  ) => (
    <NumberInput
      label={label}
      suffix={suffix}
      min={0}
      allowDecimal={false}
      disabled={!editable}
      value={values[key]}
      onChange={(v) => setValues((s) => ({ ...s, [key]: Number(v) || 0 }))}
    />
  );
  async function submit(event: FormEvent) {
    event.preventDefault();
    await save.mutateAsync(values).then(
      () => notifySaved("Règles d'impartialité enregistrées."),
      () => undefined,
    );
  }
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit}>
        <Stack>
          <Title order={3} size="h4">
            Règles d'impartialité (cahier des charges HAS)
          </Title>
          {save.isError && (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {num("adviceMonthsBefore", "Conseil, formation, accompagnement : avant la visite", " mois")}
            {num("adviceMonthsAfter", "… et après le premier jour de visite", " mois")}
            {num("employmentYears", "Emploi dans l'organisation : depuis moins de", " ans")}
            {num("expiringSoonDays", "Document « expire bientôt » dans les", " jours")}
            <Switch
              label="Refuser un évaluateur travaillant dans un ESSMS du même département"
              disabled={!editable}
              checked={values.sameDepartementRule}
              onChange={(e) => setValues((s) => ({ ...s, sameDepartementRule: e.currentTarget.checked }))}
            />
            <Switch
              label="Refuser un évaluateur dont un document obligatoire manque ou expire un jour de visite"
              disabled={!editable}
              checked={values.documentsRule}
              onChange={(e) => setValues((s) => ({ ...s, documentsRule: e.currentTarget.checked }))}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Valeurs par défaut : 24 mois avant, 12 mois après, 5 ans d'emploi, 30 jours.
          </Text>
          <Title order={4} size="h5">
            Règles de planification : bloquantes ou avertissements
          </Title>
          <Text size="sm" c="dimmed">
            Vérifiées à chaque changement de l'équipe ou des jours d'une mission (écran Équipe, jours de visite,
            planning) et quand un évaluateur accepte son ordre de mission. Une règle bloquante refuse ; un avertissement
            demande une justification écrite, conservée au journal et montrée sur la mission.
          </Text>
          <RuleSeveritiesTable
            value={values.ruleSeverities}
            disabled={!editable}
            onChange={(ruleSeverities) => setValues((s) => ({ ...s, ruleSeverities }))}
          />
          {editable && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Enregistrer
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function FareClasses() {
  const { can } = useCan();
  const editable = can("SETTING", "update");
  const { data = [] } = useFareClasses();
  const save = useSaveFareClass();
  const remove = useRemoveFareClass();
  const [name, setName] = useState("");
  async function add(event: FormEvent) {
    event.preventDefault();
    await save
      .mutateAsync({ body: { fareClassName: name, position: data.length + 1 } })
      .then(() => setName(""), notifyError);
  }
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="sm">
        Classes de transport
      </Title>
      <Table>
        <Table.Tbody>
          {data.map((f) => (
            <Table.Tr key={f._id}>
              <Table.Td>{f.fareClassName}</Table.Td>
              {editable && (
                <Table.Td w={40}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Supprimer ${f.fareClassName}`}
                    onClick={() => remove.mutate(f._id, { onError: notifyError })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editable && (
        <form onSubmit={add}>
          <Group align="flex-end" mt="sm">
            <TextInput label="Nouvelle classe" value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Button type="submit" disabled={!name.trim()} loading={save.isPending}>
              Ajouter
            </Button>
          </Group>
        </form>
      )}
    </Paper>
  );
}
