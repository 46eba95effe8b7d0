import { canOpenAppRoute } from "@certidesk/shared";
import { AppShell, NavLink, ScrollArea } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { ModalsProvider } from "@mantine/modals";
import { useEffect } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { PAGE_FOOTER_HEIGHT, PageFooter } from "../../components/page-footer/PageFooter";
import { PanelBoundary } from "../../components/panel-boundary/PanelBoundary";
import { useMe } from "../../features/auth/api/me";
import { useSession } from "../../lib/session-context";
import { AppHeader } from "./AppHeader";
import { NAV_ITEMS } from "./navigation";
import { MAIN_CONTENT_ID, SkipLink } from "./SkipLink";

/**
 * The stored user is read again from the server when the app opens: grants changed in the Settings and
 * the server's abilities (RH documents) apply without signing in again.
 */
function useFreshSession() {
  const { user, refresh } = useSession();
  const { data } = useMe(user !== null);
  useEffect(() => {
    if (data) refresh(data);
  }, [data, refresh]);
}

/**
 * The staff shell: header, navigation showing only what the user may open, the page. The confirmation
 * modals (`modals.openConfirmModal`) are provided here, not in main.tsx: /login does not download them.
 */
export function AppLayout() {
  const { user } = useSession();
  useFreshSession();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  // Below the "sm" breakpoint the closed menu slides off screen: hidden from the keyboard and screen readers
  // too, so Tab does not walk through links no one sees (RGAA 10.8, 12.8).
  const narrow = useMediaQuery("(max-width: 47.99em)");
  const menuHidden = !!narrow && !opened;
  const items = NAV_ITEMS.filter((item) => canOpenAppRoute(item.path, user?.permissions ?? []));
  return (
    <ModalsProvider labels={{ confirm: "Confirmer", cancel: "Annuler" }}>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 230, breakpoint: "sm", collapsed: { mobile: !opened } }}
        padding="md"
      >
        <SkipLink />
        <AppShell.Header>
          <AppHeader home="/app/alert" opened={opened} onToggle={toggle} />
        </AppShell.Header>
        <AppShell.Navbar
          p="xs"
          aria-label="Navigation principale"
          inert={menuHidden}
          style={menuHidden ? { visibility: "hidden" } : undefined}
        >
          <ScrollArea>
            {/* A list of links, said as such (RGAA 9.3); the icons repeat the labels (RGAA 1.2). */}
            <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {items.map((item) => {
                const active = pathname === `/app/${item.path}` || pathname.startsWith(`/app/${item.path}/`);
                return (
                  <li key={item.path}>
                    <NavLink
                      component={Link}
                      to={`/app/${item.path}`}
                      label={item.label}
                      leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
                      rightSection={item.badge ? <item.badge /> : undefined}
                      active={active}
                      aria-current={active ? "page" : undefined}
                      onClick={close}
                    />
                  </li>
                );
              })}
            </ul>
          </ScrollArea>
        </AppShell.Navbar>
        <AppShell.Main
          bg="gray.0"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          style={{ minHeight: `calc(100dvh - ${PAGE_FOOTER_HEIGHT})` }}
        >
          {/* A screen that fails keeps the navigation; the boundary starts afresh on the next page. */}
          <PanelBoundary key={pathname}>
            <Outlet />
          </PanelBoundary>
        </AppShell.Main>
        {/* Beside the fixed menu, as the page is. */}
        <PageFooter
          style={{ paddingInlineStart: "calc(var(--app-shell-navbar-offset, 0rem) + var(--app-shell-padding))" }}
        />
      </AppShell>
    </ModalsProvider>
  );
}
