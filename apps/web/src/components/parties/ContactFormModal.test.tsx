import type { Contact } from "@certidesk/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../test/fetch-mock";
import { renderWithQuery } from "../../test/render";
import { ContactFormModal } from "./ContactFormModal";

const contact: Contact = {
  id: "5f0c1f8e-1111-4a8b-9c3d-000000000001",
  firstName: "Claire",
  lastName: "Martin",
  occupation: "Directrice",
  tel: "0472000000",
  mobilePhone: null,
  email: "claire@ehpad.fr",
  isMain: true,
  clientId: "5f0c1f8e-1111-4a8b-9c3d-000000000002",
  version: 3,
};

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

describe("the contact dialog", { timeout: 30_000 }, () => {
  it("shows each wrong field's French message under it, then saves the contact with its version", async () => {
    fetchMock = mockFetch(() => ({ body: { id: contact.id, version: 4 } }));
    const user = userEvent.setup({ delay: null });
    let closed = false;
    renderWithQuery(<ContactFormModal target={{ contact }} onClose={() => (closed = true)} />);
    expect(screen.getByLabelText("Téléphone")).toHaveValue("04 72 00 00 00");
    await user.clear(screen.getByLabelText("Prénom"));
    await user.clear(screen.getByLabelText("E-mail"));
    await user.type(screen.getByLabelText("E-mail"), "claire-at-ehpad");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Le prénom est obligatoire.")).toBeInTheDocument();
    expect(screen.getByText("Adresse e-mail invalide.")).toBeInTheDocument();
    expect(fetchMock.calls.filter((c) => c.method === "PUT")).toHaveLength(0);

    await user.type(screen.getByLabelText("Prénom"), "Claire");
    await user.clear(screen.getByLabelText("E-mail"));
    await user.type(screen.getByLabelText("E-mail"), "claire.martin@ehpad.fr");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(closed).toBe(true));
    const put = fetchMock.calls.find((c) => c.method === "PUT");
    expect(put?.url).toBe(`/api/contacts/${contact.id}`);
    expect(put?.body).toMatchObject({
      firstName: "Claire",
      email: "claire.martin@ehpad.fr",
      tel: "04 72 00 00 00",
      isMain: true,
      version: 3,
    });
  });

  it("puts a stale version's conflict in the banner", async () => {
    fetchMock = mockFetch(() => ({
      status: 409,
      body: { error: { code: "CONFLICT", message: "Ce contact a été modifié entre-temps.", requestId: "r" } },
    }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<ContactFormModal target={{ contact }} onClose={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Ce contact a été modifié entre-temps.");
  });
});
