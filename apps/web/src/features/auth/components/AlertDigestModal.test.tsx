import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { AlertDigestModal } from "./AlertDigestModal";

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

describe("AlertDigestModal", { timeout: 30_000 }, () => {
  it("shows the user's choice and saves the switch at once", async () => {
    fetchMock = mockFetch((call) =>
      call.method === "PUT" ? { body: { alertDigest: true, hour: 7 } } : { body: { alertDigest: false, hour: 7 } },
    );
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<AlertDigestModal opened onClose={() => {}} />);
    const toggle = await screen.findByLabelText(/^Recevoir chaque jour le résumé de mes alertes/);
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/Un e-mail vers 7 h \(heure de Paris\)/)).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(fetchMock?.calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(fetchMock?.calls.find((c) => c.method === "PUT")).toMatchObject({
      url: "/api/alerts/digest/preference",
      body: { alertDigest: true },
    });
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
