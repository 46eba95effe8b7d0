import {
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_RESULTS_PER_KIND,
  type SearchKind,
  type SearchSettings,
  type SearchSettingsBody,
  searchSettingsBodySchema,
} from "@certidesk/shared";
import { Button, Checkbox, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { SettingsTab } from "../../../components";
import { useCan } from "../../../lib/can";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useSaveSearchSettings, useSearchSettings } from "../api/search-settings";

interface SettingsForm extends Record<string, unknown> {
  kinds: string[];
  resultsPerKind: number | string;
}

function SettingsForm({ settings }: { settings: SearchSettings }) {
  const { can } = useCan();
  const editable = can("SETTING", "update");
  const save = useSaveSearchSettings();
  const { form, submit, banner } = useZodForm<SettingsForm, SearchSettingsBody>({
    initialValues: { kinds: settings.kinds, resultsPerKind: settings.resultsPerKind },
    schema: searchSettingsBodySchema,
    toBody: (v) => ({
      // In the catalogue's order, whatever the order they were ticked in.
      kinds: SEARCH_KINDS.filter((k) => v.kinds.includes(k)) as SearchKind[],
      resultsPerKind: v.resultsPerKind === "" ? Number.NaN : Number(v.resultsPerKind),
      version: settings.version,
    }),
  });
  const onSubmit = submit(async (body) => {
    await save.mutateAsync(body);
    notifySaved("Réglages de la recherche enregistrés.");
  });
  return (
    <Paper withBorder p="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Recherche
          </Title>
          {banner && (
            <Text c="red" role="alert">
              {banner}
            </Text>
          )}
          <Checkbox.Group
            label="Ce que la recherche parcourt"
            description="Chacun ne trouve que ce qu'il peut lire, selon ses droits."
            {...form.getInputProps("kinds")}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs">
              {SEARCH_KINDS.map((kind) => (
                <Checkbox key={kind} value={kind} label={SEARCH_KIND_LABELS[kind]} disabled={!editable} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <NumberInput
            label="Résultats par sorte"
            description={`De ${SEARCH_RESULTS_PER_KIND.min} à ${SEARCH_RESULTS_PER_KIND.max} (${SEARCH_RESULTS_PER_KIND.default} par défaut)`}
            min={SEARCH_RESULTS_PER_KIND.min}
            max={SEARCH_RESULTS_PER_KIND.max}
            allowDecimal={false}
            maw={240}
            disabled={!editable}
            {...form.getInputProps("resultsPerKind")}
          />
          <Text size="sm" c="dimmed">
            La recherche s'ouvre par le champ de l'en-tête, Ctrl+K (⌘K sur Mac) ou « / ». Elle trouve les mots dans
            n'importe quel ordre, sans tenir compte des accents ni des majuscules, pardonne une faute de frappe dans un
            mot de cinq lettres ou plus, et reconnaît un numéro avec ou sans son préfixe et ses séparateurs.
          </Text>
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

/** Settings › Recherche: which kinds of records the global search looks through, how many results each. */
export function SearchSettingsTab() {
  return <SettingsTab query={useSearchSettings()}>{(settings) => <SettingsForm settings={settings} />}</SettingsTab>;
}
