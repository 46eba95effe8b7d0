// Starting and stopping the compiled server for the load benchmark, signing in, reading its memory.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
// Interrupted (Ctrl-C, a CI timeout): exit through the "exit" handlers, which stop the server started.
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));
const mainJs = path.join(root, "apps/server/dist/main.js");
// As `npm start` runs it: a 32 MB young generation (V8's default is 16) lets a page's rows, decoded,
// mapped and serialised, die young instead of being promoted and collected again in the old space:
// +11 to +17 % pages a second at 50 connections (docs/performance.md, 27 novembre).
const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"];

/** `node --max-semi-space-size=32 apps/server/dist/main.js` on the bench's base; resolves once /health answers 200. */
export async function startServer({ port, env, quiet = true }) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, mainJs], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // The bench failing must not leave its server running (it would hold the port and PGlite's lock).
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${child.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 300_000) throw new Error("le serveur n'a pas répondu à /health en 5 minutes");
    await new Promise((r) => setTimeout(r, 200));
  }
  return stoppable(child, exited, killOnExit);
}

/** A started process: its pid, and its graceful stop (SIGTERM), waiting for it to exit (PGlite's lock released). */
function stoppable(child, exited, killOnExit) {
  return {
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      process.off("exit", killOnExit);
    },
  };
}

/**
 * The floor server (floor-server.mjs) for the calls' captured queries (`callsFile`: one array of queries per
 * call), on `port`, with the API server's Node.js flags; resolves once it listens.
 */
export async function startFloor({ port, env, callsFile }) {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(import.meta.dirname, "floor-server.mjs"), callsFile, String(port)],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => String(d).includes("ready") && resolve());
    child.once("exit", (code) => reject(new Error(`le serveur plancher s'est arrêté (code ${code})`)));
  });
  return stoppable(child, new Promise((resolve) => child.once("exit", resolve)), killOnExit);
}

/** Resident memory of a process, in MB (Linux /proc). */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Signs in as a demo account; returns the headers an API call needs (session cookie, CSRF echo). */
export async function signIn(base, identifier = "dir@demo.fr", password = "Demo-2026") {
  const res = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identifier, password }),
  });
  if (!res.ok)
    throw new Error(
      `connexion de ${identifier} refusée (${res.status}) : ${await res.text()}. Le banc se connecte aux comptes de la ` +
        "démonstration : une base remplie par `npm run seed:scale` seul n'en a pas ; semez une base neuve par `npm run bench:load`.",
    );
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const csrf = cookies.find((c) => c.startsWith("certidesk_csrf="))?.split("=")[1] ?? "";
  return { cookie: cookies.join("; "), "x-csrf-token": csrf, "content-type": "application/json" };
}

/** Runs a command to its end, its output passed through; resolves with its exit code and output. */
export function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
    let output = "";
    for (const stream of [child.stdout, child.stderr])
      stream.on("data", (d) => {
        output += d;
        process.stdout.write(d);
      });
    child.on("exit", (code) => resolve({ code, output }));
  });
}
