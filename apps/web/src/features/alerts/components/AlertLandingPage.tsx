import { Alert, Grid, Paper, Stack, Text, Title } from "@mantine/core";
import { Spinner } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { useBranding } from "../../../lib/configuration/use-branding";
import { useRememberedListState } from "../../../lib/list-memory";
import { useSession } from "../../../lib/session-context";
import { useAlertSummary } from "../api/get-alert-summary";
import { AlertPageTabs } from "./AlertPageTabs";
import { AlertPageView } from "./AlertPageView";
import { pageByKey, useAlertAddress } from "./alert-address";
import { CompanyIdentityWarning } from "./CompanyIdentityWarning";
import { RecentActivity } from "./RecentActivity";

/** Route /app/alert, every staff profile's landing page: the alert pages they may see, one at a time. */
export function AlertLandingPage() {
  useBranding("Alertes");
  const { user } = useSession();
  const summary = useAlertSummary();
  useRememberedListState();
  const { address, change, choosePage } = useAlertAddress();
  const pages = summary.data ?? [];
  // The page in the address if the user may see it, else the first one with work, else the first.
  const current = pages.find((p) => p.key === address.pageKey) ?? pages.find((p) => p.count > 0) ?? pages[0] ?? null;
  const page = current ? pageByKey(current.key) : undefined;

  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          Alertes
        </Title>
        <Text c="dimmed">Bonjour {user?.firstName}, voici le travail qui vous attend.</Text>
      </div>
      <CompanyIdentityWarning />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 9 }}>
          <Stack>
            {summary.isLoading && <Spinner />}
            {summary.isError && (
              <Alert color="red" role="alert">
                {errorMessage(summary.error)}
              </Alert>
            )}
            {summary.isSuccess && pages.length === 0 && (
              <Paper withBorder p="md">
                <Text>Aucune page d'alertes ne vous concerne.</Text>
              </Paper>
            )}
            {current && page && (
              <>
                <AlertPageTabs pages={pages} value={current.key} onChange={choosePage} />
                <AlertPageView
                  key={page.key}
                  page={page}
                  types={current.types}
                  address={{ ...address, pageKey: page.key }}
                  onAddressChange={(next) => change({ ...next, pageKey: page.key })}
                />
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 3 }}>
          <RecentActivity />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
