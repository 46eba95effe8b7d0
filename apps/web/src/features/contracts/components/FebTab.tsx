import { type ContractDetail, EVALUATION_KIND_LABELS, type Feb, MESSAGES } from "@certidesk/shared";
import { Alert, Anchor, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconRefresh } from "@tabler/icons-react";
import { type FormEvent, useEffect, useState } from "react";
import { NumericInput } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
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
const number = (v: string) => (v.trim() === "" ? null : Number(v));

/** Besoin: the needs statement (FEB) and its PDF, regenerated on demand. */
export function FebTab({ contract, canEdit }: { contract: ContractDetail; canEdit: boolean }) {
  const [form, setForm] = useState<Form>(EMPTY);
  const save = useSaveFeb();
  const regenerate = useRegenerateFeb();
  useEffect(() => setForm(toForm(contract.feb)), [contract.feb]);
  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof Form) => (e: { currentTarget: { value: string } }) => set(key)(e.currentTarget.value);
  const readOnly = !canEdit || contract.status === "REFUSE" || contract.status === "CANCELLED";

  async function submit(event: FormEvent) {
    event.preventDefault();
    const feb = {
      ...form,
      evaluationKind: form.evaluationKind as Feb["evaluationKind"],
      authorisationDate: form.authorisationDate || null,
      authorisationEndDate: form.authorisationEndDate || null,
      previousEvaluationDate: form.previousEvaluationDate || null,
      peopleSupported: number(form.peopleSupported),
      staffCount: number(form.staffCount),
      sites: number(form.sites),
    };
    await save.mutateAsync({ id: contract.id, feb, version: contract.version }).then(
      () => notifySaved(),
      () => undefined,
    );
  }
  const regenerateFeb = () =>
    regenerate.mutateAsync({ id: contract.id, version: contract.version }).then(
      () => notifications.show({ color: "green", title: "FEB", message: MESSAGES.febRegenerated }),
      () => notifications.show({ color: "red", title: "FEB", message: MESSAGES.febNotRegenerated }),
    );

  return (
    <form onSubmit={submit}>
      <Stack>
        {save.isError && <Alert color="red">{errorMessage(save.error)}</Alert>}
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Select
            label="Nature de l'évaluation"
            allowDeselect={false}
            disabled={readOnly}
            data={Object.entries(EVALUATION_KIND_LABELS).map(([value, label]) => ({ value, label }))}
            value={form.evaluationKind}
            onChange={(v) => v && set("evaluationKind")(v)}
          />
          <TextInput
            label="Date d'autorisation"
            type="date"
            disabled={readOnly}
            value={form.authorisationDate}
            onChange={text("authorisationDate")}
          />
          <TextInput
            label="Fin de l'autorisation"
            type="date"
            disabled={readOnly}
            value={form.authorisationEndDate}
            onChange={text("authorisationEndDate")}
          />
          <TextInput
            label="Précédente évaluation"
            type="date"
            disabled={readOnly}
            value={form.previousEvaluationDate}
            onChange={text("previousEvaluationDate")}
          />
          <NumericInput
            label="Personnes accompagnées"
            allowDecimal={false}
            disabled={readOnly}
            value={form.peopleSupported}
            onChange={set("peopleSupported")}
          />
          <NumericInput
            label="Effectif (professionnels)"
            allowDecimal={false}
            disabled={readOnly}
            value={form.staffCount}
            onChange={set("staffCount")}
          />
          <NumericInput
            label="Nombre de sites"
            allowDecimal={false}
            disabled={readOnly}
            value={form.sites}
            onChange={set("sites")}
          />
          <TextInput
            label="Période souhaitée"
            disabled={readOnly}
            value={form.wishedPeriod}
            onChange={text("wishedPeriod")}
          />
          <TextInput
            label="Interlocuteur à l'ATC"
            disabled={readOnly}
            value={form.atcContact}
            onChange={text("atcContact")}
          />
        </SimpleGrid>
        <Textarea
          label="Spécificités (unités, sites, publics)"
          autosize
          minRows={2}
          disabled={readOnly}
          value={form.specificities}
          onChange={text("specificities")}
        />
        <Textarea
          label="Attentes de l'établissement"
          autosize
          minRows={2}
          disabled={readOnly}
          value={form.expectations}
          onChange={text("expectations")}
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
