import { type Configuration, formatPhone } from "@certidesk/shared";
import { renderInWorker } from "./pdf-workers.js";

/** Content of a pdfmake document (kept loose: pdfmake's own typings lag behind its 0.3 API). */
export type PdfContent = unknown;

export interface CompanyIdentity {
  configuration: Configuration;
  /** The stored logo as configuration.logo() gives it: normalised by libvips (lib/image-guard.ts), or none. */
  logo: { data: Buffer; mime: string } | null;
}

/** The company's legal mentions, one line for the footer of every generated document. */
export function legalMentions(c: Configuration): string {
  const parts = [
    [c.companyName, c.legalForm].filter(Boolean).join(" "),
    [c.address, c.postalCode, c.city].filter(Boolean).join(" "),
    c.siret ? `SIRET ${c.siret}` : null,
    c.vatNumber ? `TVA ${c.vatNumber}` : null,
    c.accreditation,
  ];
  return parts.filter(Boolean).join(" — ");
}

function header(identity: CompanyIdentity) {
  const c = identity.configuration;
  const logo =
    identity.logo && (identity.logo.mime === "image/png" || identity.logo.mime === "image/jpeg")
      ? { image: `data:${identity.logo.mime};base64,${identity.logo.data.toString("base64")}`, fit: [120, 48] }
      : { text: "" };
  const contact = [formatPhone(c.phone), c.email].filter(Boolean).join(" · ");
  return {
    margin: [40, 24, 40, 0],
    columns: [
      logo,
      {
        stack: [
          { text: c.companyName, bold: true, fontSize: 12 },
          {
            text: [c.address, [c.postalCode, c.city].filter(Boolean).join(" ")].filter(Boolean).join(", "),
            fontSize: 8,
          },
          { text: contact, fontSize: 8 },
        ],
        alignment: "right",
      },
    ],
  };
}

/**
 * Renders a document with the company's identity: header (logo, name, address), the given
 * content, and a footer with the legal mentions and page numbers.
 */
export async function renderPdf(
  identity: CompanyIdentity,
  title: string,
  content: PdfContent[],
  options: {
    creationDate?: Date;
    /**
     * A PDF/A-3b with an associated file (Factur-X): the XML is embedded with its AFRelationship
     * and listed in the catalog's /AF, the extra XMP (fx: namespace and its extension schema) is
     * added to the metadata; pdfkit embeds the fonts and the sRGB output intent.
     */
    pdfA3?: {
      file: { name: string; data: string; mimeType: string; relationship: string; description: string };
      xmp: string;
    };
  } = {},
): Promise<Buffer> {
  const mentions = legalMentions(identity.configuration);
  const definition = {
    // A given creation date makes the file depend on its content only: the same quote printed
    // twice gives the same bytes, so it is kept once (see `reuse` in modules/documents/documents-with-write.ts).
    info: {
      title,
      author: identity.configuration.companyName,
      creator: "Certidesk",
      creationDate: options.creationDate ?? new Date(),
    },
    pageSize: "A4",
    pageMargins: [40, 90, 40, 60],
    defaultStyle: { font: "Roboto", fontSize: 10, lineHeight: 1.2 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 12] },
      subtitle: { fontSize: 12, bold: true, margin: [0, 10, 0, 6] },
      tableHeader: { bold: true, fillColor: "#eef3fa" },
      small: { fontSize: 8, color: "#555555" },
    },
    // Plain data only: the definition is rendered in a worker thread (pdf-workers.ts), where the footer's
    // page numbers are filled in.
    header: header(identity),
    content,
  };
  const footer = {
    margin: [40, 10, 40, 0],
    columns: [
      { text: mentions, fontSize: 7, color: "#555555", width: "*" },
      { pageCounter: "Page {page} / {pages}", fontSize: 7, alignment: "right", width: 60 },
    ],
  };
  const a3 = options.pdfA3;
  if (!a3) return renderInWorker({ definition, footer });
  const created = options.creationDate ?? new Date();
  return renderInWorker({
    definition: {
      ...definition,
      version: "1.7",
      subset: "PDF/A-3b",
      files: {
        [a3.file.name]: {
          src: `data:${a3.file.mimeType};base64,${Buffer.from(a3.file.data, "utf8").toString("base64")}`,
          name: a3.file.name,
          description: a3.file.description,
          relationship: a3.file.relationship,
          creationDate: created,
          modifiedDate: created,
        },
      },
    },
    footer,
    xmp: a3.xmp,
  });
}
