/** 1000 deterministic French rows shaped like the client list, for the table benchmark. */

export interface BenchRow {
  id: number;
  raisonSocial: string;
  postalCode: string;
  contact: { firstName: string; lastName: string; tel: string; email: string };
  evaluationDate: string | null;
  dateRelance: string | null;
  unitPrice: number;
  status: string;
  isRemovable: boolean;
  isChangable: boolean;
  isMultiClient: boolean;
  isGestionnaire: boolean;
  gestionnaireRaisonSocial: string | null;
}

const KINDS = ["EHPAD", "Foyer de vie", "SSIAD", "IME", "MAS", "ESAT", "Résidence autonomie", "CHRS", "SAVS", "FAM"];
const NAMES = [
  "Les Tilleuls",
  "Le Clos Fleuri",
  "Saint-Exupéry",
  "Les Érables",
  "La Roseraie",
  "Les Cèdres",
  "Le Val d'Oise",
  "Jean Moulin",
  "Les Capucines",
  "L'Oustal",
  "Notre-Dame",
  "Les Hirondelles",
];
const FIRST = ["Claire", "Hélène", "Jérôme", "Amélie", "François", "Loïc", "Zoé", "Benoît", "Anaïs", "Théo"];
const LAST = ["Martin", "Bernard", "Lefèvre", "Dubois", "Moreau", "Girard", "Roux", "Fournier", "Mercier", "Chevalier"];
const MANAGERS = ["Association Horizon", "Groupe SOS Seniors", "Fondation Partage et Vie", "Mutualité Française"];

/** Small linear congruential generator: the same rows on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

const pick = <T>(items: readonly T[], r: number): T => items[Math.floor(r * items.length)] as T;
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export function benchRows(count = 1000, seed = 42): BenchRow[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const firstName = pick(FIRST, next());
    const lastName = pick(LAST, next());
    const planned = next() > 0.3;
    const manager = next() > 0.7;
    return {
      id: i + 1,
      raisonSocial: `${pick(KINDS, next())} ${pick(NAMES, next())} ${i + 1}`,
      postalCode: `${pad(1 + Math.floor(next() * 95))}${pad(Math.floor(next() * 1000), 3)}`,
      contact: {
        firstName,
        lastName,
        tel: `06${pad(Math.floor(next() * 1e8), 8)}`,
        email: `${firstName}.${lastName}@essms.fr`.toLowerCase(),
      },
      evaluationDate: planned ? `2025-${pad(1 + Math.floor(next() * 12))}-${pad(1 + Math.floor(next() * 28))}` : null,
      dateRelance: next() > 0.5 ? `2025-${pad(1 + Math.floor(next() * 12))}-${pad(1 + Math.floor(next() * 28))}` : null,
      unitPrice: Math.round(next() * 900000) / 100,
      status: next() > 0.8 ? "REFUSE" : "EN_COURS",
      isRemovable: next() > 0.5,
      isChangable: next() > 0.1,
      isMultiClient: next() > 0.8,
      isGestionnaire: manager,
      gestionnaireRaisonSocial: manager ? pick(MANAGERS, next()) : null,
    };
  });
}
