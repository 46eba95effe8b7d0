import { Notification, Table } from "@mantine/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithTheme } from "../test/render";

describe("the theme", () => {
  it("names a notification's close button (axe: button-name)", () => {
    renderWithTheme(<Notification title="Enregistré">Les données ont été sauvegardées</Notification>);
    expect(screen.getByRole("button", { name: "Fermer" })).toBeInTheDocument();
  });

  it("lets the keyboard reach a table that scrolls sideways (axe: scrollable-region-focusable)", () => {
    renderWithTheme(
      <Table.ScrollContainer minWidth={800}>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Texte seul</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>,
    );
    const viewport = screen.getByRole("table").closest("[tabindex]");
    expect(viewport).toHaveAttribute("tabindex", "0");
  });
});
