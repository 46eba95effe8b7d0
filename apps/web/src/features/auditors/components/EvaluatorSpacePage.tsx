import { formatPhone } from "@certidesk/shared";
import { Alert, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useParams, useSearchParams } from "react-router";
import { PanelBoundary } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useAuditor } from "../api/get-auditor";
import { AvailabilityPanel } from "./AvailabilityPanel";
import { DocumentStateBadge } from "./auditor-labels";
import { DocumentsPanel } from "./DocumentsPanel";
import { LinksPanel } from "./LinksPanel";
import { MissionSpacePanel } from "./MissionSpacePanel";
import { MissionsPanel } from "./MissionsPanel";

const TABS = [
  { value: "missions", label: "Mes missions" },
  { value: "programmes", label: "Toutes mes missions" },
  { value: "documents", label: "Mes documents" },
  { value: "liens", label: "Mes liens d'intérêts" },
  { value: "disponibilites", label: "Mes indisponibilités" },
] as const;

/** A tab that app/ adds to the evaluator space (from another feature: Mes frais). */
export interface EvaluatorSpaceTab {
  value: string;
  label: string;
  render: (auditor: { id: string; status: string }) => ReactNode;
}

/**
 * The evaluator's space, at a path ending in their auditor id (spec section 4): their missions (orders
 * to answer, coming visits, reports due, calendar link), the programmes they are on, their documents and validity, their links of interest (they declare their own), their
 * unavailability. The server answers only for their own file.
 */
export function EvaluatorSpacePage({
  extraTabs = [],
  news,
}: {
  extraTabs?: EvaluatorSpaceTab[];
  /** A block shown above the tabs (the wall's "Actualités", glued in by app/). */
  news?: ReactNode;
} = {}) {
  useBranding("Espace évaluateur");
  const { auditorId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const tabs: Array<{ value: string; label: string }> = [...TABS, ...extraTabs];
  const tab = tabs.find((t) => t.value === params.get("onglet"))?.value ?? "missions";
  const { data: auditor, error } = useAuditor(auditorId);
  return (
    <Stack>
      <Title order={1} size="h2">
        Espace évaluateur
      </Title>
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {auditor && (
        <>
          <Paper withBorder p="md">
            <Title order={2} size="h4">
              {auditor.firstName} {auditor.lastName}
            </Title>
            <Text c="dimmed" size="sm">
              {[
                auditor.email,
                formatPhone(auditor.mobilePhone ?? auditor.phone),
                [auditor.postalCode, auditor.city].filter(Boolean).join(" "),
              ]
                .filter(Boolean)
                .join(" · ")}
            </Text>
            <Text size="sm" mt="xs" component="div">
              Documents : <DocumentStateBadge state={auditor.documentState} />
            </Text>
          </Paper>
          {news}
          <Tabs value={tab} onChange={(v) => v && setParams({ onglet: v }, { replace: true })} keepMounted={false}>
            <Tabs.List mb="md">
              {tabs.map((t) => (
                <Tabs.Tab key={t.value} value={t.value}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="missions">
              <PanelBoundary>
                <MissionSpacePanel auditorId={auditor.id} />
              </PanelBoundary>
            </Tabs.Panel>
            <Tabs.Panel value="programmes">
              <PanelBoundary>
                <MissionsPanel auditorId={auditor.id} linkToContracts={false} />
              </PanelBoundary>
            </Tabs.Panel>
            <Tabs.Panel value="documents">
              <PanelBoundary>
                <DocumentsPanel auditorId={auditor.id} canEdit={auditor.abilities.declare} />
              </PanelBoundary>
            </Tabs.Panel>
            <Tabs.Panel value="liens">
              <PanelBoundary>
                <Text size="sm" mb="sm">
                  Déclarez tout lien avec un établissement, son entité juridique ou son gestionnaire (emploi, conseil,
                  formation, accompagnement, intérêt, lien familial) : il est vérifié à chaque affectation.
                </Text>
                <LinksPanel auditorId={auditor.id} canEdit={auditor.abilities.declare} />
              </PanelBoundary>
            </Tabs.Panel>
            <Tabs.Panel value="disponibilites">
              <PanelBoundary>
                <AvailabilityPanel auditorId={auditor.id} canEdit={auditor.abilities.declare} />
              </PanelBoundary>
            </Tabs.Panel>
            {extraTabs.map((t) => (
              <Tabs.Panel key={t.value} value={t.value}>
                <PanelBoundary>{t.render(auditor)}</PanelBoundary>
              </Tabs.Panel>
            ))}
          </Tabs>
        </>
      )}
    </Stack>
  );
}
