import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { ApiError } from "../lib/api-client";
import { useConfiguration } from "../lib/configuration/get-configuration";
import { SessionProvider } from "../lib/session-context";
import { accessibleColors, buildTheme, OVER_MODAL_Z_INDEX } from "./theme";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused or missing resource will not appear by retrying.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** The blue and green theme, recoloured at run time from the configuration. */
function ThemedApp({ children }: { children: ReactNode }) {
  const { data } = useConfiguration();
  const theme = useMemo(
    () => buildTheme(data?.primaryColor, data?.secondaryColor),
    [data?.primaryColor, data?.secondaryColor],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={accessibleColors}>
      <Notifications position="top-right" zIndex={OVER_MODAL_Z_INDEX + 100} />
      {children}
    </MantineProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ThemedApp>{children}</ThemedApp>
      </SessionProvider>
    </QueryClientProvider>
  );
}
