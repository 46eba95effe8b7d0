// A browser-test server (playwright.config.ts) on its own copy of one demo base.
// Usage: node e2e/demo-server.mjs <template dir>   (PORT, SMTP_URL… from the environment)
//
// Loading the demo (pipeline, evaluators, missions, documents) is most of a server's first start, and
// the runs start two servers: the first to get here loads it once into the template folder (a server
// started on it, stopped cleanly once healthy), the other waits for it; each then starts on a copy of
// the folder (the embedded base and the stored files), so the two never share a data directory.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const template = process.argv[2];
if (!template) throw new Error("usage: demo-server.mjs <template dir>");
const serverMain = new URL("../../server/dist/main.js", import.meta.url).pathname;
const readyMark = `${template}.ready`;
const lock = `${template}.lock`;
const failedMark = `${template}.failed`;
const WAIT_MS = 280_000;

function start(dataDir, env = {}) {
  return spawn(process.execPath, [serverMain], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DATA_DIR: dataDir, DEMO_DATA: "1", DATABASE_URL: "", ...env },
  });
}

async function healthy(port, child) {
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`le serveur du modèle s'est arrêté (code ${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("le modèle de démonstration n'a pas démarré à temps");
}

/** A port nobody listens on: not the test server's own, which Playwright is watching for its start. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

async function buildTemplate() {
  const port = await freePort();
  // Mails stay in the template's outbox; the copy that has an SMTP server sends them, as a fresh start would.
  const child = start(template, { SMTP_URL: "", PORT: String(port) });
  try {
    await healthy(port, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  const stopped = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const code = await stopped;
  if (code !== 0) throw new Error(`le serveur du modèle s'est mal arrêté (code ${code})`);
  fs.writeFileSync(readyMark, "");
}

async function templateReady() {
  const until = Date.now() + WAIT_MS;
  while (!fs.existsSync(readyMark)) {
    if (fs.existsSync(failedMark))
      throw new Error("le modèle de démonstration n'a pas pu être chargé (voir l'autre serveur)");
    if (Date.now() > until) throw new Error(`modèle de démonstration absent : ${template}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let building = false;
try {
  fs.mkdirSync(lock, { recursive: false });
  building = true;
} catch (error) {
  if (error.code !== "EEXIST") throw error;
}
if (building) {
  try {
    await buildTemplate();
  } catch (error) {
    fs.writeFileSync(failedMark, String(error));
    throw error;
  }
} else await templateReady();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "certidesk-e2e-"));
fs.cpSync(template, dataDir, { recursive: true });
const server = start(dataDir);
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 1));
