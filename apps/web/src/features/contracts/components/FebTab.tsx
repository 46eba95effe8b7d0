import {
  type ContractDetail,
  EVALUATION_KIND_LABELS,
  type Feb,
  MESSAGES,
  parseDecimal,
  saveFebBodySchema,
} from "@certidesk/shared";
import { Alert, Anchor, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { DateField, ErrorSummary, FocusKeeper, NumericInput } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifyFailure, notifySaved } from "../../../lib/notify";
import { useRegenerateFeb } from "../api/regenerate-feb";
import { useSaveFeb } from "../api/save-feb";

type Form = { [K in keyof Feb]: string };
const EMPTY: Form = {
  evaluationKind: "FIRST",
  authorisationDate: "",
  authorisationEndDate: "",
  previousEvaluationDate: "",
  peopleSupported: "",
  staffCount: "",
  sites: "",
  specificities: "",
  expectations: "",
  wishedPeriod: "",
  atcContact: "",
};
const toForm = (feb: ContractDetail["feb"]): Form =>
  feb
    ? (Object.fromEntries(Object.entries(EMPTY).map(([k, v]) => [k, String(feb[k as keyof Feb] ?? v)])) as Form)
    : EMPTY;
/** An empty count is no count; anything typed is read as a number, so "-3" is refused, not flipped. */
const count = (v: string) => (v.trim() === "" ? null : (parseDecimal(v) ?? Number.NaN));
const toFeb = (form: Form): Feb => ({
  ...form,
  evaluationKind: form.evaluationKind as Feb["evaluationKind"],
  authorisationDate: form.authorisationDate || null,
  authorisationEndDate: form.authorisationEndDate || null,
  previousEvaluationDate: form.previousEvaluationDate || null,
  peopleSupported: count(form.peopleSupported),
  staffCount: count(form.staffCount),
  sites: count(form.sites),
  specificities: form.specificities,
  expectations: form.expectations,
  wishedPeriod: form.wishedPeriod,
  atcContact: form.atcContact,
});

/** Besoin: the needs statement (FEB) and its PDF, regenerated on demand. */
export function FebTab(props: { contract: ContractDetail; canEdit: boolean }) {
  // A new version of the contract starts the form again from what is stored.
  return (
    <FocusKeeper version={props.contract.version}>
      <FebForm key={`${props.contract.id}:${props.contract.version}`} {...props} />
    </FocusKeeper>
  );
}

function FebForm({ contract, canEdit }: { contract: ContractDetail; canEdit: boolean }) {
  const save = useSaveFeb();
  const regenerate = useRegenerateFeb();
  const { form, submit, banner, summary } = useZodForm<Form, { feb: Feb; version: number }>({
    initialValues: toForm(contract.feb),
    schema: saveFebBodySchema,
    toBody: (values) => ({ feb: toFeb(values), version: contract.version }),
    toFormPath: (path) => path.replace(/^feb\./, ""),
  });
  const readOnly = !canEdit;
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: contract.id, ...body });
    notifySaved();
  });
  const regenerateFeb = () =>
    regenerate.mutateAsync({ id: contract.id, version: contract.version }).then(
      () => notifySaved(MESSAGES.febRegenerated, "FEB"),
      () => notifyFailure(MESSAGES.febNotRegenerated, "FEB"),
    );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <ErrorSummary {...summary} />
        {banner && (
          <Alert color="red" role="alert">
            {banner}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Select
            label="Nature de l'évaluation"
            allowDeselect={false}
            disabled={readOnly}
            data={Object.entries(EVALUATION_KIND_LABELS).map(([value, label]) => ({ value, label }))}
            {...form.getInputProps("evaluationKind")}
          />
          <DateField label="Date d'autorisation" disabled={readOnly} {...form.getInputProps("authorisationDate")} />
          <DateField
            label="Fin de l'autorisation"
            disabled={readOnly}
            {...form.getInputProps("authorisationEndDate")}
          />
          <DateField
            label="Précédente évaluation"
            disabled={readOnly}
            {...form.getInputProps("previousEvaluationDate")}
          />
          <NumericInput
            label="Personnes accompagnées"
            allowDecimal={false}
            disabled={readOnly}
            allowNegative
            {...form.getInputProps("peopleSupported")}
          />
          <NumericInput
            label="Effectif (professionnels)"
            allowDecimal={false}
            disabled={readOnly}
            allowNegative
            {...form.getInputProps("staffCount")}
          />
          <NumericInput
            label="Nombre de sites"
            allowDecimal={false}
            disabled={readOnly}
            allowNegative
            {...form.getInputProps("sites")}
          />
          <TextInput label="Période souhaitée" disabled={readOnly} {...form.getInputProps("wishedPeriod")} />
          <TextInput label="Interlocuteur à l'ATC" disabled={readOnly} {...form.getInputProps("atcContact")} />
        </SimpleGrid>
        <Textarea
          label="Spécificités (unités, sites, publics)"
          autosize
          minRows={2}
          disabled={readOnly}
          {...form.getInputProps("specificities")}
        />
        <Textarea
          label="Attentes de l'établissement"
          autosize
          minRows={2}
          disabled={readOnly}
          {...form.getInputProps("expectations")}
        />
        <Group justify="space-between">
          {contract.febDocument ? (
            <Anchor href={contract.febDocument.url} target="_blank" rel="noopener" size="sm">
              Ouvrir la FEB ({contract.febDocument.name})
            </Anchor>
          ) : (
            <span />
          )}
          {!readOnly && (
            <Group>
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} />}
                onClick={regenerateFeb}
                loading={regenerate.isPending}
              >
                Régénérer la FEB
              </Button>
              <Button type="submit" loading={save.isPending}>
                Enregistrer le besoin
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </form>
  );
}
