// The floor of the load benchmark: the smallest Node.js server that answers a call as the API does. It runs
// the call's captured SQL through a pg pool of the server's size, as the replay does (sql-replay.mjs), and
// sends the last statement's row as JSON, the columns PostgreSQL built as JSON text sent as they are (what
// the API does with them, lib/sql-json.ts). No framework, no session, no validation, no hooks: node:http and
// pg only. Driven by autocannon like the API, it tells what any server written in Node.js adds to this
// SQL on this machine, and so what share of the API's cost is Certidesk's own (API ÷ floor).
//
// Started by bench-load.mjs as a child process: node floor-server.mjs <calls.json> <port>, with
// DATABASE_URL and PG_POOL_MAX; GET /<index of the call> answers that call. Prints "ready" when listening.
import fs from "node:fs";
import http from "node:http";
import pg from "pg";
import { namedStatements } from "./sql-replay.mjs";

const [callsFile, port] = process.argv.slice(2);
const calls = JSON.parse(fs.readFileSync(callsFile, "utf8")).map(namedStatements);
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.PG_POOL_MAX ?? 10),
  options: "-c jit=off",
});

/** A JSON text built by the database (an array or an object), sent as it is; any other value serialised. */
const jsonValue = (value) =>
  typeof value === "string" && (value.startsWith("[") || value.startsWith("{")) ? value : JSON.stringify(value);

/** The last statement's answer: its single row as one object, or its rows as an array. */
function body(result) {
  if (result.rows.length !== 1) return JSON.stringify(result.rows);
  const row = result.rows[0];
  return `{${Object.keys(row)
    .map((key) => `${JSON.stringify(key)}:${jsonValue(row[key])}`)
    .join(",")}}`;
}

http
  .createServer(async (req, res) => {
    const statements = calls[Number(req.url.slice(1))];
    if (!statements) {
      res.writeHead(404).end();
      return;
    }
    try {
      let result;
      for (const statement of statements) result = await pool.query(statement);
      const text = result ? body(result) : "{}";
      res.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(text),
      });
      res.end(text);
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end(String(error.message));
    }
  })
  .listen(Number(port), "127.0.0.1", () => console.log("ready"));

process.on("SIGTERM", () => void pool.end().finally(() => process.exit(0)));
