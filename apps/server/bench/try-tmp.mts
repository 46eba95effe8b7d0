import { openDatabase } from "../src/db/client.js";
import { listProspects, findProspect } from "../src/modules/prospects/prospects.repository.js";
const h = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolMax: 2 });
try {
  const r = await listProspects(h.db, "all", { page: 1, pageSize: 3, sortKey: "createdAt", direction: "desc" });
  console.log(JSON.stringify(r, null, 1).slice(0, 1500));
  console.log(await findProspect(h.db, r.rows[0]!.id));
} catch (e) { console.error(e); }
process.exit(0);
