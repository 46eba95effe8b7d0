import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { notifySaved } from "../../../lib/notify";
import { useGestionnaireOptions } from "../api/get-options";
import { useCreateLegalEntity } from "../api/save-client";
import {
  ContactFields,
  type ContactForm,
  contactOrNull,
  EMPTY_CONTACT,
  EMPTY_LEGAL_ENTITY,
  LegalEntityFields,
  type LegalEntityForm,
} from "./party-fields";

/** entite-juridique: a legal entity (association, public body, company), then its establishments. */
export function LegalEntityPage() {
  useBranding("Nouvelle entité juridique");
  const navigate = useNavigate();
  const [entity, setEntity] = useState<LegalEntityForm>(EMPTY_LEGAL_ENTITY);
  const [contact, setContact] = useState<ContactForm>(EMPTY_CONTACT);
  const { data: gestionnaires = [] } = useGestionnaireOptions();
  const create = useCreateLegalEntity();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const created = await create.mutateAsync({ ...entity, contact: contactOrNull(contact) }).catch(() => null);
    if (!created) return;
    notifySaved(`L'entité juridique « ${entity.raisonSocial} » a été créée. Ajoutez maintenant ses établissements.`);
    navigate(`/app/nouveau?entite=${created.id}`);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={1100}>
        <Title order={1} size="h2">
          Nouvelle entité juridique
        </Title>
        <Text c="dimmed">
          L'entité juridique signe les devis et les contrats ; ses établissements (ESSMS) s'ajoutent ensuite.
        </Text>
        {create.isError && (
          <Alert color="red" role="alert" title="L'entité juridique n'a pas été créée">
            {errorMessage(create.error)}
          </Alert>
        )}
        <Paper withBorder p="md">
          <LegalEntityFields
            value={entity}
            set={(k, v) => setEntity((e) => ({ ...e, [k]: v }))}
            gestionnaires={gestionnaires}
          />
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Contact principal
          </Title>
          <ContactFields value={contact} set={(k, v) => setContact((c) => ({ ...c, [k]: v }))} />
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(-1)}>
            Annuler
          </Button>
          <Button type="submit" loading={create.isPending}>
            Créer l'entité juridique
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
