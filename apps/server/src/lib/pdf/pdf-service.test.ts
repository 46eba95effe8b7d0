import type { Configuration } from "@certidesk/shared";
import { formatCurrency } from "@certidesk/shared";
import { describe, expect, it } from "vitest";
import { corruptPng, sampleImage } from "../../../test/images.js";
import { pdfText } from "../../../test/pdf-text.js";
import { renderPdf } from "./pdf-service.js";
import { PDF_FAILED, PdfRenderError } from "./pdf-workers.js";

const configuration: Configuration = {
  id: "x",
  companyName: "Qualéval Évaluation",
  logo: null,
  primaryColor: "#1c64b4",
  secondaryColor: "#2f9e44",
  legalForm: "SAS",
  siret: "90123456700018",
  vatNumber: "FR12901234567",
  address: "8 place Bellecour",
  postalCode: "69002",
  city: "Lyon",
  phone: "0472000000",
  email: "contact@qualeval.fr",
  accreditation: "COFRAC Inspection n° 3-1234",
  demoData: false,
  version: 1,
};

describe("PDF service", () => {
  it("renders the company identity, French text and shared formats, readable back", async () => {
    const amount = formatCurrency(12345.5);
    const pdf = await renderPdf({ configuration, logo: null }, "Devis D-2026-0001", [
      { text: "Devis D-2026-0001", style: "title" },
      { text: "Évaluation externe de l'EHPAD « Les Tilleuls » — 2 jours sur site" },
      {
        table: {
          body: [
            ["Prestation", "Montant"],
            ["Évaluation", amount],
          ],
        },
      },
    ]);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    expect(text).toContain("Qualéval Évaluation");
    expect(text).toContain("Évaluation externe de l'EHPAD « Les Tilleuls »");
    // pdf.js reads the no-break spaces of formatted amounts back as plain spaces.
    expect(text.replace(/\u00a0/g, " ")).toContain("12 345,50 €");
    expect(text).toContain("04 72 00 00 00");
    expect(text).toContain("SIRET 90123456700018");
    expect(text).toContain("Page 1 / 1");
  });

  it("contains a failure thrown outside any promise: that document fails with a French 500, the next renders", async () => {
    // Bytes that never went through the image guard: pdfkit inflates the alpha channel and zlib's error is
    // thrown from a callback, which ended the whole process when pdfmake ran on the main thread.
    const broken = renderPdf({ configuration, logo: { data: corruptPng(), mime: "image/png" } }, "Devis", [
      { text: "Devis" },
    ]);
    const error = await broken.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PdfRenderError);
    expect(error).toMatchObject({ statusCode: 500, code: "INTERNAL", message: PDF_FAILED });
    // The cause (zlib's own error), for the log.
    expect(String((error as Error).cause)).toMatch(/unexpected end of file|invalid|incorrect/i);

    // The renderer's thread is replaced: documents, several at once, with a real logo, still render.
    const logo = { data: await sampleImage("png", { alpha: true }), mime: "image/png" };
    const pdfs = await Promise.all(
      ["Devis D-1", "Contrat C-1", "Facture F-1"].map((title) =>
        renderPdf({ configuration, logo }, title, [{ text: title, style: "title" }]),
      ),
    );
    for (const [i, pdf] of pdfs.entries()) {
      expect(await pdfText(pdf)).toContain(["Devis D-1", "Contrat C-1", "Facture F-1"][i]);
    }
  });
});
