import { Radio, TextInput } from "@mantine/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "../../lib/api-client";
import { useZodForm } from "../../lib/form/use-zod-form";
import { renderWithTheme } from "../../test/render";
import { ErrorSummary } from "./ErrorSummary";
import { errorCountTitle, errorEntries } from "./error-entries";

const schema = z.object({
  name: z.string().trim().min(1, "Indiquez le nom."),
  city: z.string().trim().min(1, "Indiquez la ville."),
  email: z.union([z.literal(""), z.email("Adresse e-mail invalide.")]),
});
type Values = z.infer<typeof schema>;

function Form({ save }: { save: (body: Values, values: Values) => Promise<unknown> }) {
  const { form, submit, summary } = useZodForm<Values>({
    initialValues: { name: "", city: "", email: "" },
    schema,
  });
  return (
    <form onSubmit={submit(save)} noValidate>
      <h1>Fiche</h1>
      <ErrorSummary {...summary} />
      <TextInput label="Nom" required {...form.getInputProps("name")} />
      <TextInput label="Ville" required {...form.getInputProps("city")} />
      <TextInput label="E-mail" {...form.getInputProps("email")} />
      <button type="submit">Enregistrer</button>
    </form>
  );
}

/** A form whose own check (outside the schema) refuses a city. */
function CheckedForm() {
  const { form, submit, summary, showErrors } = useZodForm<Values>({
    initialValues: { name: "Les Pins", city: "", email: "" },
    schema,
  });
  const onSubmit = submit(async (body) => {
    if (body.city === "Atlantide") showErrors({ city: "Cette ville n'existe pas." });
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorSummary {...summary} />
      <TextInput label="Nom" {...form.getInputProps("name")} />
      <TextInput label="Ville" {...form.getInputProps("city")} />
      <button type="submit">Enregistrer</button>
    </form>
  );
}

describe("ErrorSummary", () => {
  it("lists the refused fields at the top, takes the focus, and each link leads to its field", async () => {
    const save = vi.fn(async (_body: Values, _values: Values) => undefined);
    const user = userEvent.setup({ delay: null });
    renderWithTheme(<Form save={save} />);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));

    const summary = await screen.findByRole("alert", { name: "2 erreurs à corriger" });
    expect(within(summary).getByRole("heading", { level: 2, name: "2 erreurs à corriger" })).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual(["Nom : Indiquez le nom.", "Ville : Indiquez la ville."]);
    // Each field in error says so, and its message is linked to it (RGAA 11.10).
    const city = screen.getByRole("textbox", { name: "Ville" });
    expect(city).toHaveAttribute("aria-invalid", "true");
    expect(city).toHaveAccessibleDescription("Indiquez la ville.");
    expect(screen.getByRole("textbox", { name: "E-mail" })).not.toHaveAttribute("aria-invalid");

    // From the keyboard: Tab to the second link, Enter, and the focus is in the field.
    await user.tab();
    await user.tab();
    expect(links[1]).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(city).toHaveFocus();
    expect(save).not.toHaveBeenCalled();
  });

  it("lists what is still wrong at the next submit, and goes once the form passes", async () => {
    const save = vi.fn(async (_body: Values, _values: Values) => undefined);
    const user = userEvent.setup({ delay: null });
    renderWithTheme(<Form save={save} />);
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await screen.findByRole("alert", { name: "2 erreurs à corriger" });
    await user.type(screen.getByRole("textbox", { name: "Nom" }), "Les Pins");
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "pas-une-adresse");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    const summary = await screen.findByRole("alert", { name: "2 erreurs à corriger" });
    expect(
      within(summary)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["Ville : Indiquez la ville.", "E-mail : Adresse e-mail invalide."]);
    await user.type(screen.getByRole("textbox", { name: "Ville" }), "Lyon");
    await user.clear(screen.getByRole("textbox", { name: "E-mail" }));
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toEqual({ name: "Les Pins", city: "Lyon", email: "" });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("lists the server's field errors too", async () => {
    const refused = new ApiError(400, "BAD_REQUEST", "Les données envoyées sont invalides.", [
      { path: "body.city", message: "Cette ville n'existe pas." },
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithTheme(<Form save={() => Promise.reject(refused)} />);
    await user.type(screen.getByRole("textbox", { name: "Nom" }), "Les Pins");
    await user.type(screen.getByRole("textbox", { name: "Ville" }), "Atlantide");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    const summary = await screen.findByRole("alert", { name: "1 erreur à corriger" });
    expect(within(summary).getByRole("link")).toHaveTextContent("Ville : Cette ville n'existe pas.");
    await waitFor(() => expect(summary).toHaveFocus());
  });
});

describe("useZodForm's showErrors", () => {
  it("lists a screen's own refusal like the schema's, at every submit", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithTheme(<CheckedForm />);
    await user.type(screen.getByRole("textbox", { name: "Ville" }), "Atlantide");
    for (let attempt = 0; attempt < 2; attempt++) {
      await user.click(screen.getByRole("button", { name: "Enregistrer" }));
      const summary = await screen.findByRole("alert", { name: "1 erreur à corriger" });
      expect(summary).toHaveTextContent("Ville : Cette ville n'existe pas.");
      // Taken again at the second submit too: the summary went, then came back with the focus.
      await waitFor(() => expect(summary).toHaveFocus());
    }
  });
});

describe("errorEntries", () => {
  it("reads each field whose error is linked to it, radio groups included, in the page's order", () => {
    renderWithTheme(
      <form>
        <Radio.Group label="Secteur" error="Choisissez le secteur.">
          <Radio value="SOCIAL" label="Social" />
          <Radio value="MEDICO" label="Médico-social" />
        </Radio.Group>
        <TextInput label="Code postal" required error="Le code postal doit contenir 5 chiffres." />
        <label htmlFor="bare">Ville</label>
        {/* In error, but its message is not linked: not listed (the defect to fix, not to hide). */}
        <input id="bare" aria-invalid="true" />
        <span>Indiquez la ville.</span>
      </form>,
    );
    const entries = errorEntries(document.body);
    expect(entries.map((e) => [e.label, e.message])).toEqual([
      ["Secteur", "Choisissez le secteur."],
      ["Code postal", "Le code postal doit contenir 5 chiffres."],
    ]);
    // A group's link leads to its first radio.
    expect(document.getElementById(entries[0]?.targetId ?? "")).toBe(screen.getByRole("radio", { name: "Social" }));
  });

  it("tells two fields of one name apart by their part of the form", () => {
    renderWithTheme(
      <form>
        <section aria-label="Entité juridique">
          <TextInput label="Ville" error="La ville est obligatoire." />
        </section>
        <section aria-label="Établissement (ESSMS)">
          <TextInput label="Ville" error="La ville est obligatoire." />
          <TextInput label="N° FINESS" error="Le numéro FINESS doit contenir 9 caractères." />
        </section>
      </form>,
    );
    expect(errorEntries(document.body).map((e) => e.label)).toEqual([
      "Ville – Entité juridique",
      "Ville – Établissement (ESSMS)",
      "N° FINESS",
    ]);
  });

  it("counts in French", () => {
    expect(errorCountTitle(1)).toBe("1 erreur à corriger");
    expect(errorCountTitle(4)).toBe("4 erreurs à corriger");
  });
});
