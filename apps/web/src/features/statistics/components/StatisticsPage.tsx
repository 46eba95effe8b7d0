import type { SectorDomain } from "@certidesk/shared";
import { Button, Group, Stack, Tabs, Title } from "@mantine/core";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { useBranding } from "../../../lib/configuration/use-branding";
import { clientStatisticsExportUrl } from "../api/get-client-statistics";
import { linkInterestExportUrl } from "../api/get-link-interest";
import { ClientStatisticsTab } from "./ClientStatisticsTab";
import { LinkInterestTab } from "./LinkInterestTab";
import { type FilterValues, StatisticsFilters } from "./StatisticsFilters";

/** Filter → address parameter (French, like the other screens' `statut`, `du`, `au`). */
const PARAMS: Record<keyof FilterValues, string> = {
  from: "du",
  to: "au",
  domain: "domaine",
  gestionnaireId: "gestionnaire",
  auditorId: "evaluateur",
};
const LINKS_TAB = "liens";
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The statistics (route /app/statistiques, STATISTIC create): two tabs, Statistiques (STATS_CLIENT)
 * and Liens (STATS_LINK_INTEREST), the tab and the filters in the address so a reload or a shared
 * link shows the same figures; each tab exports its tables with the same filters.
 */
export function StatisticsPage() {
  useBranding("Statistiques");
  const [params, setParams] = useSearchParams();
  const tab = params.get("onglet") === LINKS_TAB ? "liens" : "clients";
  const read = (key: keyof FilterValues) => params.get(PARAMS[key]) ?? "";
  const values: FilterValues = {
    from: ISO_DATE.test(read("from")) ? read("from") : "",
    to: ISO_DATE.test(read("to")) ? read("to") : "",
    domain: read("domain"),
    gestionnaireId: read("gestionnaireId"),
    auditorId: read("auditorId"),
  };
  const periodError =
    values.from && values.to && values.from > values.to ? "La période se termine avant de commencer." : null;
  const period = { from: values.from || undefined, to: values.to || undefined };
  const clientQuery = {
    ...period,
    domain: (values.domain || undefined) as SectorDomain | undefined,
    gestionnaireId: values.gestionnaireId || undefined,
  };
  const linkQuery = { ...period, auditorId: values.auditorId || undefined };

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Statistiques
        </Title>
        <Button
          component="a"
          href={tab === "liens" ? linkInterestExportUrl(linkQuery) : clientStatisticsExportUrl(clientQuery)}
          download
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          disabled={Boolean(periodError)}
        >
          Exporter (XLSX)
        </Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => update({ onglet: v === LINKS_TAB ? LINKS_TAB : null })}
        aria-label="Statistiques"
      >
        <Tabs.List>
          <Tabs.Tab value="clients">Statistiques</Tabs.Tab>
          <Tabs.Tab value={LINKS_TAB}>Liens</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <StatisticsFilters
        tab={tab}
        values={values}
        periodError={periodError}
        onChange={(key, value) => update({ [PARAMS[key]]: value || null })}
      />
      {tab === "liens" ? (
        <LinkInterestTab query={linkQuery} enabled={!periodError} />
      ) : (
        <ClientStatisticsTab query={clientQuery} enabled={!periodError} />
      )}
    </Stack>
  );
}
