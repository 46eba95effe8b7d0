import { type CreateEssmsBody, createEssmsBodySchema } from "@certidesk/shared";
import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ErrorSummary, OnOffSwitch } from "../../../components";
import {
  bindFields,
  ContactFields,
  type ContactForm,
  contactOrNull,
  EMPTY_CONTACT,
  EMPTY_ESSMS,
  EMPTY_LEGAL_ENTITY,
  EssmsFields,
  type EssmsForm,
  essmsBody,
  LegalEntityFields,
  type LegalEntityForm,
} from "../../../components/parties/party-fields";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useGestionnaireOptions, useLegalEntityOptions } from "../api/get-options";
import { useCreateEssms } from "../api/save-client";

interface NewClientForm extends Record<string, unknown> {
  mode: "existing" | "new";
  legalEntityId: string | null;
  legalEntity: LegalEntityForm;
  establishment: EssmsForm;
  contact: ContactForm;
  openRequest: boolean;
}

const toBody = (f: NewClientForm): CreateEssmsBody => ({
  legalEntityId: f.mode === "existing" ? f.legalEntityId : null,
  legalEntity: f.mode === "new" ? f.legalEntity : null,
  establishment: essmsBody(f.establishment),
  contact: contactOrNull(f.contact),
  openRequest: f.openRequest,
});

/** nouveau: a new establishment (ESSMS) under an existing or new legal entity, its contact, and its request. */
export function NewClientPage() {
  useBranding("Nouveau client");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preselected = params.get("entite");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const { data: entities = [] } = useLegalEntityOptions(debounced || undefined);
  const { data: gestionnaires = [] } = useGestionnaireOptions();
  const create = useCreateEssms();
  const { form, submit, banner, summary } = useZodForm<NewClientForm, CreateEssmsBody>({
    initialValues: {
      mode: preselected ? "existing" : "new",
      legalEntityId: preselected,
      legalEntity: EMPTY_LEGAL_ENTITY,
      establishment: EMPTY_ESSMS,
      contact: EMPTY_CONTACT,
      openRequest: true,
    },
    schema: createEssmsBodySchema,
    toBody,
  });
  const values = form.getValues();
  const onSubmit = submit(async (body) => {
    const created = await create.mutateAsync(body);
    notifySaved(`« ${values.establishment.raisonSocial} » a été créé.`);
    navigate(created.requestId ? `/app/timeline-prospect/${created.requestId}` : `/app/timeline-client/${created.id}`);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={1100}>
        <Title order={1} size="h2">
          Nouveau client
        </Title>
        <ErrorSummary {...summary} />
        {banner && (
          <Alert color="red" role="alert" title="Le client n'a pas été créé">
            {banner}
          </Alert>
        )}
        <Paper withBorder p="md" component="section" aria-label="Entité juridique">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Entité juridique
            </Title>
            <SegmentedControl
              aria-label="Entité juridique"
              {...form.getInputProps("mode")}
              data={[
                { value: "new", label: "Nouvelle entité" },
                { value: "existing", label: "Entité existante" },
              ]}
            />
          </Group>
          {values.mode === "existing" ? (
            <Select
              label="Entité juridique existante"
              placeholder="Rechercher par raison sociale, SIREN ou ville"
              searchable
              required
              data={entities.map((e) => ({
                value: e.id,
                label: `${e.raisonSocial} — ${e.city ?? ""} (${e.establishments} établissement${e.establishments > 1 ? "s" : ""})`,
              }))}
              {...form.getInputProps("legalEntityId")}
              searchValue={search}
              onSearchChange={setSearch}
              // The server searched every word (accents and case ignored): keep its answer as it is.
              filter={({ options: all }) => all}
              nothingFoundMessage="Aucune entité juridique"
            />
          ) : (
            <LegalEntityFields field={bindFields(form, "legalEntity")} gestionnaires={gestionnaires} />
          )}
        </Paper>
        <Paper withBorder p="md" component="section" aria-label="Établissement (ESSMS)">
          <Title order={2} size="h4" mb="sm">
            Établissement (ESSMS)
          </Title>
          <EssmsFields field={bindFields(form, "establishment")} />
        </Paper>
        <Paper withBorder p="md" component="section" aria-label="Contact principal">
          <Title order={2} size="h4" mb="xs">
            Contact principal
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Facultatif : la personne qui porte la demande (direction, responsable qualité…).
          </Text>
          <ContactFields field={bindFields(form, "contact")} />
        </Paper>
        <Group justify="space-between">
          <OnOffSwitch
            label="Ouvrir une demande d'évaluation externe (l'établissement apparaît dans les prospects)"
            checked={values.openRequest}
            onChange={(checked) => form.setFieldValue("openRequest", checked)}
          />
          <Group>
            <Button variant="default" onClick={() => navigate(-1)}>
              Annuler
            </Button>
            <Button type="submit" loading={create.isPending}>
              Créer le client
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
