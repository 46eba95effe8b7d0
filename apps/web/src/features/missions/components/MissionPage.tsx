import {
  canBeRemote,
  formatDate,
  MISSION_KIND_LABELS,
  type MissionDetail,
  missionStatusText,
  modalityLabel,
} from "@certidesk/shared";
import { Alert, Anchor, Group, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { Suspense } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { Badges, LoadingOverlay, Spinner } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useMission } from "../api/get-mission";
import { MissionStateBadge } from "./mission-labels";
import { MISSION_TABS, type MissionTabDefinition } from "./mission-tabs";

const TAB_PARAM = "onglet";

/** The tab in the address (`?onglet=evaluateur`): a reload or a shared link opens the same tab. */
function useMissionTab(tabs: MissionTabDefinition[]) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0];
  if (!first) throw new Error("no mission tab");
  const tab = tabs.find((t) => t.slug === params.get(TAB_PARAM)) ?? first;
  const setTab = (slug: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (slug === first.slug) next.delete(TAB_PARAM);
        else next.set(TAB_PARAM, slug);
        return next;
      },
      { replace: true },
    );
  return [tab.slug, setTab] as const;
}

function Deadlines({ mission }: { mission: MissionDetail }) {
  const d = mission.deadlines;
  const items = [
    { label: "Rapport préliminaire attendu le", value: d.preliminaryReportDue, late: mission.late.preliminary },
    { label: "Observations attendues le", value: d.observationsDue, late: false },
    { label: "Rapport définitif attendu le", value: d.finalReportDue, late: mission.late.final },
  ].filter((i) => i.value);
  if (items.length === 0) return null;
  return (
    <Group gap="md">
      {items.map((i) => (
        <Text key={i.label} size="sm" c={i.late ? "red" : undefined} fw={i.late ? 600 : undefined}>
          {i.label} {formatDate(i.value ?? "")}
          {i.late ? " (en retard)" : ""}
        </Text>
      ))}
    </Group>
  );
}

/** The header of a mission: the ESSMS, the kind of mission, where it stands, grouping, days and deadlines. */
function MissionHeader({ mission }: { mission: MissionDetail }) {
  const first = mission.days[0]?.day;
  const last = mission.days.at(-1)?.day;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={1} size="h3">
              {mission.client.raisonSocial}
            </Title>
            <Badges row={{ isRegroupingClient: mission.groupId !== null }} />
            <MissionStateBadge state={mission.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {MISSION_KIND_LABELS[mission.kind]}
            {canBeRemote(mission.kind) ? ` · ${modalityLabel(mission.remote)}` : ""}
            {mission.client.city ? ` · ${mission.client.postalCode ?? ""} ${mission.client.city}` : ""}
            {mission.client.finess ? ` · FINESS ${mission.client.finess}` : ""}
          </Text>
          {/* Where it stands, in the same words as the portal and the evaluator space tell it. */}
          <Text size="sm">{missionStatusText(mission.statusFacts, "staff").summary}</Text>
        </Stack>
        <Text size="sm" fw={600} component="div">
          {first
            ? `Visite ${first === last ? `le ${formatDate(first)}` : `du ${formatDate(first)} au ${formatDate(last ?? first)}`}`
            : "À programmer"}
        </Text>
      </Group>
      {mission.groupedWith.length > 0 && (
        <Group gap="xs" mt={4}>
          <Text size="sm">Évaluée avec :</Text>
          {mission.groupedWith.map((g) => (
            <Anchor key={g.id} component={Link} to={`/app/mission/${g.clientId}/${g.id}`} size="sm">
              {g.raisonSocial}
            </Anchor>
          ))}
        </Group>
      )}
      <Deadlines mission={mission} />
    </Paper>
  );
}

/**
 * Route /app/mission/{clientId}/{missionId}: one mission, its tabs in the address. `extraTabs` are the
 * tabs other features provide (Facture…), assembled by app/: features do not import each other.
 */
export function MissionPage({ extraTabs = [] }: { extraTabs?: MissionTabDefinition[] }) {
  const { missionId = "" } = useParams();
  const { data, error, isLoading } = useMission(missionId);
  const tabs = [...MISSION_TABS, ...extraTabs];
  const [tab, setTab] = useMissionTab(tabs);
  useBranding(data ? `Mission — ${data.client.raisonSocial}` : "Mission");
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (isLoading || !data) return <LoadingOverlay visible />;
  return (
    <Stack maw={1300}>
      <Anchor component={Link} to="/app/mission" size="sm">
        ← Missions
      </Anchor>
      <MissionHeader mission={data} />
      <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.slug} value={t.slug}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.slug} value={t.slug}>
            <Paper withBorder p="md" mt="sm">
              <Suspense fallback={<Spinner />}>
                <t.Component mission={data} />
              </Suspense>
            </Paper>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
