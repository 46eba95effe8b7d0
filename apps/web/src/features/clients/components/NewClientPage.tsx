import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type FormEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { OnOffSwitch } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { notifySaved } from "../../../lib/notify";
import { useGestionnaireOptions, useLegalEntityOptions } from "../api/get-options";
import { useCreateEssms } from "../api/save-client";
import {
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
} from "./party-fields";

function updater<T>(setter: (f: (v: T) => T) => void) {
  return <K extends keyof T>(key: K, value: T[K]) => setter((v) => ({ ...v, [key]: value }));
}

/** nouveau: a new establishment (ESSMS) under an existing or new legal entity, its contact, and its request. */
export function NewClientPage() {
  useBranding("Nouveau client");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preselected = params.get("entite");
  const [mode, setMode] = useState<"existing" | "new">(preselected ? "existing" : "new");
  const [legalEntityId, setLegalEntityId] = useState<string | null>(preselected);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [entity, setEntity] = useState<LegalEntityForm>(EMPTY_LEGAL_ENTITY);
  const [essms, setEssms] = useState<EssmsForm>(EMPTY_ESSMS);
  const [contact, setContact] = useState<ContactForm>(EMPTY_CONTACT);
  const [openRequest, setOpenRequest] = useState(true);
  const { data: entities = [] } = useLegalEntityOptions(debounced || undefined);
  const { data: gestionnaires = [] } = useGestionnaireOptions();
  const create = useCreateEssms();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const created = await create
      .mutateAsync({
        legalEntityId: mode === "existing" ? legalEntityId : null,
        legalEntity: mode === "new" ? entity : null,
        establishment: essmsBody(essms),
        contact: contactOrNull(contact),
        openRequest,
      })
      .catch(() => null);
    if (!created) {
      window.scrollTo({ top: 0, behavior: "smooth" });
      return;
    }
    notifySaved(`« ${essms.raisonSocial} » a été créé.`);
    navigate(created.requestId ? `/app/timeline-prospect/${created.requestId}` : `/app/timeline-client/${created.id}`);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={1100}>
        <Title order={1} size="h2">
          Nouveau client
        </Title>
        {create.isError && (
          <Alert color="red" role="alert" title="Le client n'a pas été créé">
            {errorMessage(create.error)}
          </Alert>
        )}
        <Paper withBorder p="md" component="section" aria-label="Entité juridique">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Entité juridique
            </Title>
            <SegmentedControl
              aria-label="Entité juridique"
              value={mode}
              onChange={(v) => setMode(v as "existing" | "new")}
              data={[
                { value: "new", label: "Nouvelle entité" },
                { value: "existing", label: "Entité existante" },
              ]}
            />
          </Group>
          {mode === "existing" ? (
            <Select
              label="Entité juridique existante"
              placeholder="Rechercher par raison sociale, SIREN ou ville"
              searchable
              required
              data={entities.map((e) => ({
                value: e.id,
                label: `${e.raisonSocial} — ${e.city ?? ""} (${e.establishments} établissement${e.establishments > 1 ? "s" : ""})`,
              }))}
              value={legalEntityId}
              onChange={setLegalEntityId}
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage="Aucune entité juridique"
            />
          ) : (
            <LegalEntityFields value={entity} set={updater(setEntity)} gestionnaires={gestionnaires} />
          )}
        </Paper>
        <Paper withBorder p="md" component="section" aria-label="Établissement (ESSMS)">
          <Title order={2} size="h4" mb="sm">
            Établissement (ESSMS)
          </Title>
          <EssmsFields value={essms} set={updater(setEssms)} />
        </Paper>
        <Paper withBorder p="md" component="section" aria-label="Contact principal">
          <Title order={2} size="h4" mb="xs">
            Contact principal
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Facultatif : la personne qui porte la demande (direction, responsable qualité…).
          </Text>
          <ContactFields value={contact} set={updater(setContact)} />
        </Paper>
        <Group justify="space-between">
          <OnOffSwitch
            label="Ouvrir une demande d'évaluation externe (l'établissement apparaît dans les prospects)"
            checked={openRequest}
            onChange={setOpenRequest}
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
