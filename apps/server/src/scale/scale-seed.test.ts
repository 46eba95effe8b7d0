import { isValidFiness, isValidSiren, isValidSiret } from "@certidesk/shared";
import { describe, expect, it } from "vitest";
import { describeDemoConsistency } from "../demo/demo-consistency-suite.js";
import { createRandom } from "../demo/demo-random.js";
import { createStorage } from "../lib/storage/index.js";
import { planParties } from "./scale-parties.js";
import { seedScale } from "./scale-seed.js";

// The smoke scale: a hundredth of the volume on top of the demo, held to the demo's own rules.
describeDemoConsistency("scale seed (1 %) on the demo: demo data consistency", async (ctx) => {
  const storage = createStorage(ctx.config);
  const counts = await seedScale(ctx.handle, { seed: 7, scale: 0.01, now: new Date(), storage });
  expect(counts).toMatchObject({ clients: 100, legalEntities: 20, gestionnaires: 6, requests: 300, quotes: 250 });
  expect(counts.contracts).toBe(120);
  expect(counts.missions).toBeGreaterThan(300);
  expect(counts.invoices).toBe(counts.missions * 2);
  const [journal] = await ctx.handle.queryRaw<{ n: number }>(
    "select count(*)::int n from audit_log where entity_type in ('client', 'request', 'mission', 'invoice') and summary like '%(n° %'",
  );
  expect(journal?.n).toBe(10_000);
  // The history's mails all left: none is queued for the outbox to send at the next start.
  const [mails] = await ctx.handle.queryRaw<{ n: number; pending: number; orphans: number }>(
    `select count(*)::int n, count(*) filter (where status <> 'SENT' or sent_at > now())::int pending,
            count(*) filter (where client_id is null or created_by is null)::int orphans
       from mail_outbox where message_id like '%@certidesk-echelle.exemple.fr>'`,
  );
  expect(mails).toEqual({ n: counts.mails, pending: 0, orphans: 0 });
  expect(counts.mails).toBeGreaterThan(counts.quotes);
  // The missions' documents share one real PDF per kind; each report the mission row names is there.
  const [docs] = await ctx.handle.queryRaw<{ n: number; keys: number; reports: number; linked: number }>(
    `select count(*)::int n, count(distinct storage_key)::int keys,
            count(*) filter (where meta_code in ('RAPPORT_PRELIMINARY', 'FINAL_RAPPORT'))::int reports,
            (select count(*)::int from missions m join documents p on p.id = m.preliminary_document_id
               and p.mission_id = m.id) +
            (select count(*)::int from missions m join documents f on f.id = m.final_document_id
               and f.mission_id = m.id) linked
       from documents where storage_key like 'documents/scale/%'`,
  );
  expect(docs).toMatchObject({ n: counts.documents, keys: 3 });
  expect(docs?.linked).toBe(docs?.reports);
  expect(counts.documents).toBeGreaterThan(2 * counts.missions);
  const pdf = await storage.get("documents/scale/7/rapport_preliminary");
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  await expect(seedScale(ctx.handle, { seed: 7, scale: 0.01, now: new Date(), storage })).rejects.toThrow(/déjà reçu/);
});

describe("scale seed plan", () => {
  const plan = () =>
    planParties(
      createRandom(3),
      { gestionnaires: 5, entities: 30, clients: 200, auditors: 4 },
      { finess: new Set(), siret: new Set() },
    );

  it("is the same for the same seed", () => {
    expect(plan()).toEqual(plan());
  });

  it("gives valid SIREN, SIRET and FINESS numbers, each establishment its legal entity", () => {
    const { gestionnaireRows, entityRows, clientRows } = plan();
    expect(gestionnaireRows.filter((g) => !isValidSiren(g.siren ?? ""))).toEqual([]);
    expect(entityRows.filter((e) => !isValidSiren(e.siren ?? "") || !isValidSiret(e.siret ?? ""))).toEqual([]);
    expect(clientRows.filter((c) => !isValidFiness(c.finess ?? "") || !isValidSiret(c.siret ?? ""))).toEqual([]);
    expect(new Set(clientRows.map((c) => c.finess)).size).toBe(clientRows.length);
    const entities = new Set(entityRows.map((e) => e.id));
    expect(clientRows.filter((c) => !entities.has(c.legalEntityId))).toEqual([]);
  });
});
