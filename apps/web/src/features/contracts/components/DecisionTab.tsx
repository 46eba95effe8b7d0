import {
  CERTIFICATION_DECISION_LABELS,
  CERTIFICATION_DECISIONS,
  type ContractDetail,
  formatDate,
} from "@certidesk/shared";
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
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
      <Alert color="green">
        Contrat signé le {formatDate(contract.signatureDate)} : les établissements sont clients.
      </Alert>
    );
  if (contract.status === "REFUSE") return <Alert color="red">Contrat refusé : {contract.refusalReason}</Alert>;
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

function CertificationDecision({ contract, canEdit }: { contract: ContractDetail; canEdit: boolean }) {
  const { data: deciders = [] } = useDeciderOptions(canEdit);
  const save = useSaveDecision();
  const [form, setForm] = useState({
    decision: "PENDING",
    deciderUserId: null as string | null,
    decidedAt: "",
    validUntil: "",
    comment: "",
  });
  useEffect(() => {
    const d = contract.decision;
    setForm({
      decision: d?.decision ?? "PENDING",
      deciderUserId: d?.deciderUserId ?? null,
      decidedAt: d?.decidedAt ?? "",
      validUntil: d?.validUntil ?? "",
      comment: d?.comment ?? "",
    });
  }, [contract.decision]);
  const editable = canEdit && contract.status === "SIGNED";
  async function submit(event: FormEvent) {
    event.preventDefault();
    await save
      .mutateAsync({
        id: contract.id,
        body: {
          decision: form.decision as "GRANTED",
          deciderUserId: form.deciderUserId ?? "",
          decidedAt: form.decidedAt,
          validUntil: form.validUntil || null,
          comment: form.comment,
          version: contract.version,
        },
      })
      .then(
        () => notifySaved("Décision de certification enregistrée."),
        () => undefined,
      );
  }
  return (
    <form onSubmit={submit}>
      <Stack>
        <Title order={3} size="h5">
          Décision de certification
        </Title>
        <Text size="sm" c="dimmed">
          La décision revient à une personne qui n'a pas participé à l'audit.
        </Text>
        {save.isError && <Alert color="red">{errorMessage(save.error)}</Alert>}
        <SimpleGrid cols={{ base: 1, md: 4 }}>
          <Select
            label="Décision"
            disabled={!editable}
            allowDeselect={false}
            data={CERTIFICATION_DECISIONS.map((d) => ({ value: d, label: CERTIFICATION_DECISION_LABELS[d] }))}
            value={form.decision}
            onChange={(v) => v && setForm({ ...form, decision: v })}
          />
          <Select
            label="Décideur"
            disabled={!editable}
            searchable
            data={deciders.map((d) => ({ value: d.id, label: d.name }))}
            value={form.deciderUserId}
            onChange={(v) => setForm({ ...form, deciderUserId: v })}
          />
          <TextInput
            label="Date de décision"
            type="date"
            disabled={!editable}
            value={form.decidedAt}
            onChange={(e) => setForm({ ...form, decidedAt: e.currentTarget.value })}
          />
          <TextInput
            label="Certificat valable jusqu'au"
            type="date"
            disabled={!editable}
            value={form.validUntil}
            onChange={(e) => setForm({ ...form, validUntil: e.currentTarget.value })}
          />
        </SimpleGrid>
        <Textarea
          label="Motivation"
          autosize
          minRows={2}
          disabled={!editable}
          value={form.comment}
          onChange={(e) => setForm({ ...form, comment: e.currentTarget.value })}
        />
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
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
