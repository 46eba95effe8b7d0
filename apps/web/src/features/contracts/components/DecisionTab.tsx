import {
  CERTIFICATION_DECISION_LABELS,
  CERTIFICATION_DECISIONS,
  type ContractDetail,
  type DecisionBody,
  decisionBodySchema,
  formatDate,
} from "@certidesk/shared";
import { Alert, Button, Group, List, Select, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import { DateField, FocusKeeper } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useDeciderOptions } from "../api/get-decider-options";
import { useSaveDecision } from "../api/save-decision";

function ClientDecision({
  contract,
  canEdit,
  onSign,
  onRefuse,
}: {
  contract: ContractDetail;
  canEdit: boolean;
  onSign: () => void;
  onRefuse: () => void;
}) {
  if (contract.status === "SIGNED")
    return (
      // The outcome takes the focus from the button it replaces (FocusKeeper in ContractView).
      <Alert color="green" tabIndex={-1}>
        Contrat signé le {formatDate(contract.signatureDate)} : les établissements sont clients.
      </Alert>
    );
  if (contract.status === "REFUSE")
    return (
      <Alert color="red" tabIndex={-1}>
        Contrat refusé : {contract.refusalReason}
      </Alert>
    );
  if (contract.status === "CANCELLED") return <Alert color="gray">Contrat annulé (demande refusée).</Alert>;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {contract.status === "SENT"
          ? `Contrat envoyé pour signature${contract.deadline ? `, à retourner avant le ${formatDate(contract.deadline)}` : ""}.`
          : "Contrat en préparation."}{" "}
        Enregistrez ici la réponse de l'établissement : la signature en fait un client, dont l'évaluation reste à
        programmer tant que le programme n'a pas de dates.
      </Text>
      {canEdit && (
        <Group>
          <Button color="green" onClick={onSign}>
            Contrat signé
          </Button>
          <Button color="red" variant="light" onClick={onRefuse}>
            Contrat refusé
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface DecisionForm extends Record<string, unknown> {
  decision: string;
  deciderUserId: string | null;
  decidedAt: string;
  validUntil: string;
  comment: string;
}

function CertificationDecision(props: { contract: ContractDetail; canEdit: boolean }) {
  // A new version of the contract starts the form again from what is stored.
  return (
    <FocusKeeper version={props.contract.version}>
      <CertificationDecisionForm key={`${props.contract.id}:${props.contract.version}`} {...props} />
    </FocusKeeper>
  );
}

function CertificationDecisionForm({ contract, canEdit }: { contract: ContractDetail; canEdit: boolean }) {
  const { data: deciders = [] } = useDeciderOptions(canEdit);
  const save = useSaveDecision();
  const d = contract.decision;
  const { form, submit, banner } = useZodForm<DecisionForm, DecisionBody>({
    initialValues: {
      decision: d?.decision ?? "PENDING",
      deciderUserId: d?.deciderUserId ?? null,
      decidedAt: d?.decidedAt ?? "",
      validUntil: d?.validUntil ?? "",
      comment: d?.comment ?? "",
    },
    schema: decisionBodySchema,
    toBody: (values) => ({
      decision: values.decision as DecisionBody["decision"],
      deciderUserId: values.deciderUserId ?? "",
      decidedAt: values.decidedAt,
      validUntil: values.validUntil || null,
      comment: values.comment,
      version: contract.version,
    }),
  });
  const editable = canEdit && contract.status === "SIGNED";
  // Recording "en attente" is always possible; a decision waits for the audit to be complete (the server says why).
  const blocked = contract.decisionBlockers.length > 0 && form.getValues().decision !== "PENDING";
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: contract.id, body });
    notifySaved("Décision de certification enregistrée.");
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Title order={3} size="h5">
          Décision de certification
        </Title>
        <Text size="sm" c="dimmed">
          La décision revient à une personne qui n'a pas participé à l'audit. Elle se prend une fois le rapport
          définitif déposé, la période d'observations de l'établissement close et les non-conformités majeures levées ;
          elle est datée après l'audit.
        </Text>
        {editable && contract.decisionBlockers.length > 0 && (
          <Alert color="orange" title="La décision ne peut pas encore être prise" id="decision-blockers">
            <List size="sm">
              {contract.decisionBlockers.map((b) => (
                <List.Item key={b}>{b}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {banner && (
          <Alert color="red" role="alert">
            {banner}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 4 }}>
          <Select
            label="Décision"
            disabled={!editable}
            allowDeselect={false}
            data={CERTIFICATION_DECISIONS.map((d) => ({ value: d, label: CERTIFICATION_DECISION_LABELS[d] }))}
            {...form.getInputProps("decision")}
          />
          <Select
            label="Décideur"
            disabled={!editable}
            searchable
            data={deciders.map((d) => ({ value: d.id, label: d.name }))}
            {...form.getInputProps("deciderUserId")}
          />
          <DateField label="Date de décision" disabled={!editable} {...form.getInputProps("decidedAt")} />
          <DateField label="Certificat valable jusqu'au" disabled={!editable} {...form.getInputProps("validUntil")} />
        </SimpleGrid>
        <Textarea label="Motivation" autosize minRows={2} disabled={!editable} {...form.getInputProps("comment")} />
        {editable && (
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={save.isPending}
              disabled={blocked}
              aria-describedby={blocked ? "decision-blockers" : undefined}
            >
              Enregistrer la décision
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** Décision: the establishment's answer (signature or refusal) and, for certifications, the certification decision. */
export function DecisionTab(props: {
  contract: ContractDetail;
  canEdit: boolean;
  onSign: () => void;
  onRefuse: () => void;
}) {
  return (
    <Stack>
      <Title order={3} size="h5">
        Décision de l'établissement
      </Title>
      <ClientDecision {...props} />
      {props.contract.service === "CERTIFICATION" && (
        <CertificationDecision contract={props.contract} canEdit={props.canEdit} />
      )}
    </Stack>
  );
}
