import { formatDecimal, type RequestDetail, TRAINER_STATUS_LABELS, type TrainingOrganisation } from "@certidesk/shared";
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { FormModal } from "../../../components";
import { TrainingOrganisationForm } from "./TrainingOrganisationForm";

function Summary({ data }: { data: TrainingOrganisation }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs">
        <Text size="sm">
          <strong>{data.trainers.length}</strong> formateur(s)
        </Text>
        <Text size="sm">
          <strong>{formatDecimal(data.trainees.perYear)}</strong> stagiaires par an
        </Text>
        <Text size="sm">
          <strong>{formatDecimal(data.trainees.hoursPerYear)}</strong> heures-stagiaires par an
        </Text>
        <Text size="sm">
          <strong>{data.premises.length}</strong> local(aux)
        </Text>
      </SimpleGrid>
      <Table.ScrollContainer minWidth={420}>
        <Table aria-label="Formateurs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Formateur</Table.Th>
              <Table.Th>Spécialité</Table.Th>
              <Table.Th>Statut</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.trainers.map((t, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: trainers have no identity of their own.
              <Table.Tr key={i}>
                <Table.Td>{t.name}</Table.Td>
                <Table.Td>{t.speciality}</Table.Td>
                <Table.Td>{TRAINER_STATUS_LABELS[t.status]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm">
        <strong>Matériel : </strong>
        {data.hardware.length ? data.hardware.map((h) => `${h.label} (${h.quantity})`).join(", ") : "aucun déclaré"}
      </Text>
      <Text size="sm">
        <strong>Locaux : </strong>
        {data.premises.length
          ? data.premises.map((p) => `${p.address}${p.accessible ? " (accessible PMR)" : ""}`).join(" ; ")
          : "aucun déclaré (formation à distance ou chez le client)"}
      </Text>
    </Stack>
  );
}

/**
 * A certification request's training-organisation data (Qualiopi): trainers, trainees, hardware and premises,
 * which the auditors size and prepare the audit from; they see it on their missions.
 */
export function TrainingOrganisationPanel({ request, canUpdate }: { request: RequestDetail; canUpdate: boolean }) {
  const [editing, setEditing] = useState(false);
  const data = request.trainingOrganisation;
  const editable = canUpdate && request.status !== "SIGNED";
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Organisme de formation
        </Title>
        {editable && (
          <Button variant="light" onClick={() => setEditing(true)}>
            {data ? "Modifier les données" : "Renseigner les données"}
          </Button>
        )}
      </Group>
      {data ? (
        <Summary data={data} />
      ) : (
        <Text size="sm" c="dimmed">
          Formateurs, stagiaires, matériel et locaux non renseignés : les auditeurs en ont besoin pour dimensionner
          l'audit.
        </Text>
      )}
      <FormModal opened={editing} onClose={() => setEditing(false)} title="Organisme de formation" size="xl">
        <TrainingOrganisationForm request={request} onClose={() => setEditing(false)} />
      </FormModal>
    </Paper>
  );
}
