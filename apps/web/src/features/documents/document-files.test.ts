import { describe, expect, it } from "vitest";
import { nameFromFile, previewKind, rejectionMessage } from "./document-files";

describe("document files", () => {
  it("previews PDFs and common images only", () => {
    expect(previewKind("application/pdf")).toBe("pdf");
    expect(previewKind("image/png")).toBe("image");
    expect(previewKind("IMAGE/JPEG")).toBe("image");
    expect(previewKind("text/plain; charset=utf-8")).toBeNull();
    expect(previewKind("application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBeNull();
  });

  it("names a document after its file, without the extension", () => {
    expect(nameFromFile("Procédure d'accueil.v2.pdf")).toBe("Procédure d'accueil.v2");
    expect(nameFromFile("LISEZMOI")).toBe("LISEZMOI");
  });

  it("explains refused files in French", () => {
    expect(rejectionMessage(["file-invalid-type"])).toMatch(/^Type de fichier refusé/);
    expect(rejectionMessage(["too-many-files"])).toBe("Déposez un seul fichier à la fois.");
    expect(rejectionMessage(["file-too-large"])).toMatch(/taille maximale/);
  });
});
