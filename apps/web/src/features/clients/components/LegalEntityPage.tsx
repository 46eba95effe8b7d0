import { type CreateLegalEntityBody, createLegalEntityBodySchema } from "@certidesk/shared";
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useNavigate } from "react-router";
import { ErrorSummary } from "../../../components";
import {
  bindFields,
  ContactFields,
  type ContactForm,
  contactOrNull,
  EMPTY_CONTACT,
  EMPTY_LEGAL_ENTITY,
  LegalEntityFields,
  type LegalEntityForm,
} from "../../../components/parties/party-fields";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useGestionnaireOptions } from "../api/get-options";
import { useCreateLegalEntity } from "../api/save-client";

type LegalEntityPageForm = LegalEntityForm & { contact: ContactForm };

/** entite-juridique: a legal entity (association, public body, company), then its establishments. */
export function LegalEntityPage() {
  useBranding("Nouvelle entité juridique");
  const navigate = useNavigate();
  const { data: gestionnaires = [] } = useGestionnaireOptions();
  const create = useCreateLegalEntity();
  const { form, submit, banner, summary } = useZodForm<LegalEntityPageForm, CreateLegalEntityBody>({
    initialValues: { ...EMPTY_LEGAL_ENTITY, contact: EMPTY_CONTACT },
    schema: createLegalEntityBodySchema,
    toBody: ({ contact, ...entity }) => ({ ...entity, contact: contactOrNull(contact) }),
  });
  const onSubmit = submit(async (body, values) => {
    const created = await create.mutateAsync(body);
    notifySaved(`L'entité juridique « ${values.raisonSocial} » a été créée. Ajoutez maintenant ses établissements.`);
    navigate(`/app/nouveau?entite=${created.id}`);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={1100}>
        <Title order={1} size="h2">
          Nouvelle entité juridique
        </Title>
        <Text c="dimmed">
          L'entité juridique signe les devis et les contrats ; ses établissements (ESSMS) s'ajoutent ensuite.
        </Text>
        <ErrorSummary {...summary} />
        {banner && (
          <Alert color="red" role="alert" title="L'entité juridique n'a pas été créée">
            {banner}
          </Alert>
        )}
        <Paper withBorder p="md">
          <LegalEntityFields field={bindFields(form, "")} gestionnaires={gestionnaires} />
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Contact principal
          </Title>
          <ContactFields field={bindFields(form, "contact")} />
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
