import {
  type ContractDetail,
  EVALUATION_KIND_LABELS,
  formatDate,
  formatDays,
  formatPhone,
  REGROUPING_STATUSES,
  timeSlotById,
} from "@certidesk/shared";
import { Alert, Anchor, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LoadingOverlay } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useCan } from "../../../lib/can";
import { useMissionClient, useMissionContract } from "../api/get-mission-context";
import type { MissionTabProps } from "./mission-tabs";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children || "—"}</Text>
    </Stack>
  );
}

const date = (d: string | null | undefined) => (d ? formatDate(d) : "");
const num = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

function Feb({ contract }: { contract: ContractDetail }) {
  const feb = contract.feb;
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          Fiche d'expression des besoins (FEB)
        </Title>
        {contract.febDocument && (
          <Anchor href={contract.febDocument.url} target="_blank" rel="noopener" size="sm">
            {contract.febDocument.name}
          </Anchor>
        )}
      </Group>
      {!feb ? (
        <Text size="sm" c="dimmed">
          La FEB n'a pas été remplie.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Field label="Évaluation">{EVALUATION_KIND_LABELS[feb.evaluationKind]}</Field>
          <Field label="Autorisation">{date(feb.authorisationDate)}</Field>
          <Field label="Fin d'autorisation">{date(feb.authorisationEndDate)}</Field>
          <Field label="Évaluation précédente">{date(feb.previousEvaluationDate)}</Field>
          <Field label="Personnes accompagnées">{num(feb.peopleSupported)}</Field>
          <Field label="Professionnels">{num(feb.staffCount)}</Field>
          <Field label="Sites">{num(feb.sites)}</Field>
          <Field label="Période souhaitée">{feb.wishedPeriod}</Field>
          <Field label="Contact à l'ATC">{feb.atcContact}</Field>
          <Field label="Spécificités">{feb.specificities}</Field>
          <Field label="Attentes">{feb.expectations}</Field>
        </SimpleGrid>
      )}
    </Paper>
  );
}

function Programme({ contract, clientId }: { contract: ContractDetail; clientId: string }) {
  const establishment = contract.establishments.find((e) => e.clientId === clientId);
  const days = contract.days.filter((d) => d.clientId === null || d.clientId === clientId);
  const regrouping = REGROUPING_STATUSES.find((r) => r.value === establishment?.regroupingStatus)?.label;
  return (
    <Paper withBorder p="sm">
      <Title order={3} size="h5" mb="xs">
        Programme du contrat
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Field label="Jours prévus au contrat">
          {days.length === 0
            ? ""
            : `${days.map((d) => `${formatDate(d.day)} (${timeSlotById(d.timeSlotId)?.value ?? ""})`).join(", ")} — ${formatDays(days.reduce((s, d) => s + d.dayFraction, 0))}`}
        </Field>
        <Field label="Évaluateurs prévus">
          {contract.evaluators.map((e) => `${e.name}${e.role === "COORDINATOR" ? " (coordination)" : ""}`).join(", ")}
        </Field>
        <Field label="ATC">{establishment?.atc}</Field>
        <Field label="Regroupement">{regrouping}</Field>
      </SimpleGrid>
    </Paper>
  );
}

/** Données (MISSION_FEB): the ESSMS, its contact, its contract with the FEB and the programme. */
export function DataTab({ mission }: MissionTabProps) {
  const { canOpen } = useCan();
  const client = useMissionClient(mission.clientId);
  const contract = useMissionContract(mission.clientId, mission.contractId);
  if (client.error) return <Alert color="red">{errorMessage(client.error)}</Alert>;
  if (client.isLoading || contract.isLoading) return <LoadingOverlay visible />;
  const c = client.data;
  const contacts = c?.contacts ?? [];
  const main = contacts.find((x) => x.isMain) ?? contacts[0];
  return (
    <Stack>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="sm" h="100%">
            <Title order={2} size="h5" mb="xs">
              Établissement
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Field label="Raison sociale">{c?.raisonSocial}</Field>
              <Field label="FINESS">{c?.finess}</Field>
              <Field label="Adresse">{[c?.address, c?.postalCode, c?.city].filter(Boolean).join(" ")}</Field>
              <Field label="Entité juridique">{c?.legalEntity?.raisonSocial}</Field>
              <Field label="Gestionnaire">{c?.gestionnaire?.raisonSocial}</Field>
              <Field label="Capacité">{num(c?.capacity)}</Field>
              <Field label="Domaines">{c?.sectorDomains.join(", ")}</Field>
              <Field label="Catégorie">{c?.category}</Field>
            </SimpleGrid>
            {canOpen(`timeline-client/${mission.clientId}`) && (
              <Anchor component={Link} to={`/app/timeline-client/${mission.clientId}`} size="sm" mt="xs">
                Historique du client
              </Anchor>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="sm" h="100%">
            <Title order={2} size="h5" mb="xs">
              Contact
            </Title>
            {!main ? (
              <Text size="sm" c="dimmed">
                Aucun contact.
              </Text>
            ) : (
              <Stack gap={4}>
                <Text size="sm" fw={600} component="div">
                  {main.firstName} {main.lastName}
                  {main.occupation ? ` — ${main.occupation}` : ""}
                </Text>
                <Text size="sm">
                  {[main.tel, main.mobilePhone]
                    .filter((p): p is string => !!p)
                    .map(formatPhone)
                    .join(" | ") || "—"}
                </Text>
                {main.email && (
                  <Anchor href={`mailto:${main.email}`} size="sm">
                    {main.email}
                  </Anchor>
                )}
              </Stack>
            )}
            <Title order={2} size="h5" mt="md" mb="xs">
              Contrat
            </Title>
            <Group gap="xs">
              {canOpen(`contract/${mission.contractId}`) ? (
                <Anchor component={Link} to={`/app/contract/${mission.contractId}`} size="sm">
                  Contrat {mission.contractNumber}
                </Anchor>
              ) : (
                <Anchor component={Link} to={`/app/contract-client/${mission.clientId}`} size="sm">
                  Contrat {mission.contractNumber}
                </Anchor>
              )}
              {contract.data?.signatureDate && (
                <Text size="sm">signé le {formatDate(contract.data.signatureDate)}</Text>
              )}
            </Group>
          </Paper>
        </Grid.Col>
      </Grid>
      {contract.error && <Alert color="red">{errorMessage(contract.error)}</Alert>}
      {contract.data && <Feb contract={contract.data} />}
      {contract.data && <Programme contract={contract.data} clientId={mission.clientId} />}
    </Stack>
  );
}
