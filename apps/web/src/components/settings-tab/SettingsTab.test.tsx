import { Button, TextInput } from "@mantine/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { SessionProvider } from "../../lib/session-context";
import { layOutBoxesInThisFile } from "../../test/layout-boxes";
import { renderWithTheme } from "../../test/render";
import { SettingsTab } from "./SettingsTab";

layOutBoxesInThisFile();

const renderTab = (ui: React.ReactElement) => {
  const view = renderWithTheme(<SessionProvider>{ui}</SessionProvider>);
  return { ...view, rerender: (next: React.ReactElement) => view.rerender(<SessionProvider>{next}</SessionProvider>) };
};

function Tab({ version, data = true, error }: { version: number; data?: boolean; error?: unknown }) {
  return (
    <SettingsTab
      query={{ data: data ? { version, name: `v${version}` } : undefined, isLoading: false, error }}
      intro={<p>Ce que ces paramètres règlent.</p>}
    >
      {(settings, readOnly) => (
        <form>
          <TextInput label="Nom" defaultValue={settings.name} readOnly={readOnly} />
          <Button type="button">Enregistrer</Button>
        </form>
      )}
    </SettingsTab>
  );
}

describe("SettingsTab", () => {
  it("shows the intro and the form with the stored values", () => {
    renderTab(<Tab version={1} />);
    expect(screen.getByText("Ce que ces paramètres règlent.")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Nom" })).toHaveProperty("value", "v1");
  });

  it("shows the French error when the settings could not be read", () => {
    renderTab(<Tab version={1} data={false} error={new ApiError(500, "INTERNAL", "Paramètres illisibles.")} />);
    expect(screen.getByRole("alert").textContent).toContain("Paramètres illisibles.");
  });

  it("starts the form again from a new version and keeps the focus on the save button", async () => {
    const { rerender } = renderTab(<Tab version={1} />);
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    rerender(<Tab version={2} />);
    expect(screen.getByRole("textbox", { name: "Nom" })).toHaveProperty("value", "v2");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Enregistrer" }));
  });
});
