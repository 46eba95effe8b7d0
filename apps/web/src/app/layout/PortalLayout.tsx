import { landingPathFor } from "@certidesk/shared";
import { AppShell, Container } from "@mantine/core";
import { Outlet, useLocation } from "react-router";
import { PAGE_FOOTER_HEIGHT, PageFooter } from "../../components/page-footer/PageFooter";
import { PanelBoundary } from "../../components/panel-boundary/PanelBoundary";
import { useSession } from "../../lib/session-context";
import { AppHeader } from "./AppHeader";
import { MAIN_CONTENT_ID, SkipLink } from "./SkipLink";

/** The shell of the client portal and the evaluator space: header, no back-office navigation. */
export function PortalLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <SkipLink />
      <AppShell.Header>
        <AppHeader home={(user && landingPathFor(user)) ?? "/"} />
      </AppShell.Header>
      <AppShell.Main
        bg="gray.0"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        style={{ minHeight: `calc(100dvh - ${PAGE_FOOTER_HEIGHT})` }}
      >
        <Container size="lg">
          <PanelBoundary key={pathname}>
            <Outlet />
          </PanelBoundary>
        </Container>
      </AppShell.Main>
      <PageFooter />
    </AppShell>
  );
}
