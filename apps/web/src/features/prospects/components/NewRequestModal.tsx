import {
  type CreateRequestBody,
  createRequestBodySchema,
  type EstablishmentOption,
  REQUEST_SERVICE_LABELS,
  REQUEST_SERVICES,
  REQUEST_SOURCE_LABELS,
  REQUEST_SOURCES,
  type RequestService,
  type RequestSource,
} from "@certidesk/shared";
import { Alert, Anchor, MultiSelect, Select, SimpleGrid, Text, Textarea, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { FormContent, FormModal } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useCreateRequest } from "../api/create-request";
import { useEstablishmentOptions } from "../api/get-establishment-options";

type Props = { opened: boolean; onClose: () => void; onCreated: (id: string) => void };

type RequestForm = {
  selected: EstablishmentOption[];
  service: string;
  source: string;
  wishedPeriod: string;
  notes: string;
};

const toBody = (f: RequestForm): CreateRequestBody => ({
  legalEntityId: f.selected[0]?.legalEntityId ?? "",
  clientIds: f.selected.map((s) => s.id),
  service: f.service as RequestService,
  source: f.source as RequestSource,
  wishedPeriod: f.wishedPeriod,
  notes: f.notes,
});

/** A request for one or more establishments of the same legal entity. */
export function NewRequestModal({ opened, onClose, onCreated }: Props) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Nouvelle demande" size="lg">
      <NewRequestForm onClose={onClose} onCreated={onCreated} />
    </FormModal>
  );
}

function NewRequestForm({ onClose, onCreated }: Omit<Props, "opened">) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const create = useCreateRequest();
  const { data: found = [] } = useEstablishmentOptions(debounced || undefined, true);
  const { form, submit, banner } = useZodForm<RequestForm, CreateRequestBody>({
    initialValues: { selected: [], service: "ESSMS_EVALUATION", source: "DIRECT", wishedPeriod: "", notes: "" },
    schema: createRequestBodySchema,
    toBody,
    // The establishments are chosen in one field, which also gives their legal entity.
    toFormPath: (path) => (path === "legalEntityId" ? null : path.startsWith("clientIds") ? "selected" : path),
  });
  const selected = form.getValues().selected;
  const legalEntityId = selected[0]?.legalEntityId ?? null;
  const options = useMemo(() => {
    const pool = [...selected, ...found.filter((o) => !selected.some((s) => s.id === o.id))];
    return pool
      .filter((o) => !legalEntityId || o.legalEntityId === legalEntityId)
      .map((o) => ({
        value: o.id,
        label: `${o.raisonSocial} — ${o.city ?? ""}${o.legalEntityRaisonSocial ? ` (${o.legalEntityRaisonSocial})` : ""}${o.isClient ? " · déjà client" : ""}`,
      }));
  }, [found, selected, legalEntityId]);
  const onSubmit = submit(async (body) => {
    const created = await create.mutateAsync(body);
    notifySaved("La demande a été enregistrée.");
    onClose();
    onCreated(created.id);
  });
  const selectedField = form.getInputProps("selected");

  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Enregistrer la demande"
      loading={create.isPending}
    >
      <MultiSelect
        label="Établissements concernés"
        description="Plusieurs établissements d'une même entité juridique peuvent faire l'objet d'une seule demande."
        placeholder="Rechercher par nom, entité juridique ou FINESS"
        searchable
        required
        data={options}
        error={selectedField.error}
        onBlur={selectedField.onBlur}
        value={selected.map((s) => s.id)}
        onChange={(ids) =>
          form.setFieldValue(
            "selected",
            ids
              .map((id) => selected.find((s) => s.id === id) ?? found.find((f) => f.id === id))
              .filter((o): o is EstablishmentOption => !!o),
          )
        }
        searchValue={search}
        onSearchChange={setSearch}
        // The server searched every word (accents and case ignored): keep its answer as it is.
        filter={({ options: all }) => all}
        nothingFoundMessage="Aucun établissement"
      />
      {selected.some((s) => s.isClient) && (
        <Alert color="orange" variant="light" title="Établissement déjà sous contrat">
          {selected
            .filter((s) => s.isClient)
            .map((s) => s.raisonSocial)
            .join(", ")}{" "}
          {selected.filter((s) => s.isClient).length > 1 ? "ont déjà" : "a déjà"} un contrat signé. Vérifiez qu'il
          s'agit bien d'une nouvelle demande (nouvelle évaluation ou autre prestation) avant de l'enregistrer.
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        Établissement absent ?{" "}
        <Anchor component={Link} to="/app/nouveau" size="xs" onClick={onClose}>
          Créer un nouveau client
        </Anchor>
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label="Prestation"
          required
          allowDeselect={false}
          data={REQUEST_SERVICES.map((v) => ({ value: v, label: REQUEST_SERVICE_LABELS[v] }))}
          {...form.getInputProps("service")}
        />
        <Select
          label="Origine"
          required
          allowDeselect={false}
          data={REQUEST_SOURCES.map((v) => ({ value: v, label: REQUEST_SOURCE_LABELS[v] }))}
          {...form.getInputProps("source")}
        />
      </SimpleGrid>
      <TextInput
        label="Période souhaitée"
        placeholder="Second semestre, avant l'été…"
        {...form.getInputProps("wishedPeriod")}
      />
      <Textarea label="Notes" autosize minRows={2} {...form.getInputProps("notes")} />
    </FormContent>
  );
}
