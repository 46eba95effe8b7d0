import { asc } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { numberingSeries } from "../../db/schema/index.js";

export const listSeries = (db: Executor) => db.select().from(numberingSeries).orderBy(asc(numberingSeries.label));
