import { describe, expect, it } from "vitest";
import { ApiError } from "../api-client";
import { fieldDetails, mapServerErrors } from "./server-errors";

const error = (details: unknown) => new ApiError(400, "BAD_REQUEST", "Les données envoyées sont invalides.", details);

describe("server field errors", () => {
  it("reads details paths in every shape, without the request part", () => {
    expect(
      fieldDetails(
        error([
          { path: "body.lines.0.days", message: "a" },
          { path: "/legalEntity/siret", message: "b" },
          { path: ["establishment", "finess"], message: "c" },
          { message: "d" },
        ]),
      ),
    ).toEqual([
      { path: "lines.0.days", message: "a" },
      { path: "legalEntity.siret", message: "b" },
      { path: "establishment.finess", message: "c" },
      { path: "", message: "d" },
    ]);
    expect(fieldDetails(new Error("réseau"))).toEqual([]);
  });

  it("puts what a field shows under it and leaves the rest to the banner", () => {
    const mapped = mapServerErrors(
      error([
        { path: "body.quote.lines.1.service", message: "Décrivez la prestation." },
        { path: "body.version", message: "La version est obligatoire." },
      ]),
      { toFormPath: (p) => p.replace(/^quote\./, ""), isField: (p) => p.startsWith("lines.") },
    );
    expect(mapped).toEqual({
      fields: { "lines.1.service": "Décrivez la prestation." },
      banner: "La version est obligatoire.",
    });
  });

  it("shows the call's own message when no field takes anything", () => {
    const conflict = new ApiError(409, "STALE_VERSION", "Ce devis a été modifié entre-temps.");
    expect(mapServerErrors(conflict, { isField: () => true })).toEqual({
      fields: {},
      banner: "Ce devis a été modifié entre-temps.",
    });
  });
});
