import { Notification } from "@mantine/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithTheme } from "../test/render";

describe("the theme", () => {
  it("names a notification's close button (axe: button-name)", () => {
    renderWithTheme(<Notification title="Enregistré">Les données ont été sauvegardées</Notification>);
    expect(screen.getByRole("button", { name: "Fermer" })).toBeInTheDocument();
  });
});
