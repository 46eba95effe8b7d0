import { MantineProvider } from "@mantine/core";
import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { theme } from "../app/theme";

/** Renders inside the app's Mantine theme, as the screens are. */
export function renderWithTheme(ui: ReactElement, options?: RenderOptions) {
  const Wrapper = ({ children }: { children: ReactNode }) => <MantineProvider theme={theme}>{children}</MantineProvider>;
  return render(ui, { wrapper: Wrapper, ...options });
}
