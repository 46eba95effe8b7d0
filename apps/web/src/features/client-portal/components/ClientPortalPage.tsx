import type { PortalClient } from "@certidesk/shared";
import { formatDate, formatEvaluationDate, formatPhone, isBeforeToday } from "@certidesk/shared";
import { Alert, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { FocusKeeper } from "../../../components/focus-keeper/FocusKeeper";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useClientUser } from "../api/get-client-user";
import { usePortalMissions } from "../api/get-portal-missions";
import { PortalInvoices } from "./PortalInvoices";
import { PortalMissionCard } from "./PortalMissionCard";

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value || "—"}</Text>
    </div>
  );
}

/**
 * Where the establishment stands when it has no mission to show yet, from its contract and dates.
 * A mission, once there, says it itself (its card, missionStatusText): two texts could disagree.
 */
function EvaluationStatus({ client }: { client: PortalClient }) {
  if (client.evaluationFinishedAt) {
    return <Text>Votre évaluation externe est finalisée depuis le {formatDate(client.evaluationFinishedAt)}.</Text>;
  }
  if (client.evaluationDate) {
    const past = isBeforeToday(client.evaluationDate);
    return (
      <Text>
        {past
          ? `La visite d'évaluation a eu lieu le ${formatDate(client.evaluationDate)}.`
          : `La visite d'évaluation est programmée à partir du ${formatDate(client.evaluationDate)}.`}
      </Text>
    );
  }
  if (client.clientSince) {
    return (
      <Text>
        Votre contrat est signé depuis le {formatDate(client.clientSince)} ; les dates de visite sont{" "}
        {formatEvaluationDate(null)}. Nous revenons vers vous pour les fixer.
      </Text>
    );
  }
  return (
    <Text c="dimmed">
      Aucune évaluation n'est encore programmée pour votre établissement. Les dates de visite, les évaluateurs et les
      rapports apparaîtront ici dès que votre contrat sera signé.
    </Text>
  );
}

/**
 * The part of the page an address names (`#mission-<id>`, `#factures`: a record opened from the search), shown
 * once the page holds it.
 */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (ready && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: "start" });
  }, [ready, hash]);
}

/** The client portal's landing page: the establishment's data and its evaluations (missions). */
export function ClientPortalPage() {
  useBranding("Données de certification");
  const { data: client, error, isLoading } = useClientUser();
  const missions = usePortalMissions();
  useScrollToHash(!!client && !!missions.data);
  return (
    <Stack>
      <Title order={1} size="h2">
        Données de certification
      </Title>
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {!isLoading && client && (
        <>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              {client.raisonSocial}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Field label="FINESS" value={client.finess} />
              <Field label="Entité juridique" value={client.legalEntityRaisonSocial} />
              <Field
                label="Adresse"
                value={[client.address, client.postalCode, client.city].filter(Boolean).join(" ")}
              />
              <Field
                label="Contact"
                value={[client.email, client.phone && formatPhone(client.phone)].filter(Boolean).join(" · ")}
              />
            </SimpleGrid>
          </Paper>
          {missions.data?.items.length === 0 && (
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="xs">
                Votre évaluation
              </Title>
              <EvaluationStatus client={client} />
            </Paper>
          )}
          {missions.error && <Alert color="red">{errorMessage(missions.error)}</Alert>}
          {missions.data?.items.map((m) => (
            // A card is built again at each new version of its mission: the keyboard keeps its place.
            <FocusKeeper key={m.id} version={m.version}>
              <PortalMissionCard key={`${m.id}:${m.version}`} mission={m} />
            </FocusKeeper>
          ))}
          <PortalInvoices />
        </>
      )}
    </Stack>
  );
}
