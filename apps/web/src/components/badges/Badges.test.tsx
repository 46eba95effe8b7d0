import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithTheme } from "../../test/render";
import { Badges } from "./Badges";

describe("Badges", () => {
  it("renders M, G and GST with the manager's name as tooltip", async () => {
    const user = userEvent.setup();
    const { container } = renderWithTheme(
      <Badges
        row={{
          isMultiClient: true,
          isRegroupingClient: true,
          isGestionnaire: true,
          gestionnaireRaisonSocial: "Groupe SOS",
        }}
      />,
    );
    const codes = Array.from(container.querySelectorAll("[data-badge]")).map((b) => b.getAttribute("data-badge"));
    expect(codes).toEqual(["M", "G", "GST"]);
    const gst = container.querySelector('[data-badge="GST"]') as HTMLElement;
    expect(gst).toHaveTextContent("GST (Groupe SOS)");
    await user.hover(gst);
    // The tooltip exists only once opened (Mantine mounts it on hover). Counted even when already fading out:
    // under CI=true its closing transition had hidden it before the query looked (27 November).
    expect(await screen.findByRole("tooltip", { hidden: true })).toHaveTextContent("Groupe SOS");
  });

  it("renders nothing for a plain row", () => {
    const { container } = renderWithTheme(<Badges row={{ isMultiClient: false }} />);
    expect(container.querySelector("[data-badge]")).toBeNull();
    expect(screen.queryByText(/^(M|G|GST)/)).toBeNull();
  });
});
