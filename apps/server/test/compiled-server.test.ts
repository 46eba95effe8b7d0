import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The server as production runs it: built by scripts/build.mjs, started with plain `node` on a new
 * embedded database. What the sources under vitest cannot show: the bundle finds its migrations, keeps
 * the shared package's side effects (the French validation messages) and stops on SIGTERM with code 0.
 */
const serverRoot = path.resolve(import.meta.dirname, "..");
const repoRoot = path.resolve(serverRoot, "../..");

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe("the compiled server", () => {
  let child: ChildProcess;
  let base: string;
  let output = "";
  let dataDir: string;

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(repoRoot, "scripts/build.mjs"), "--if-changed", "server"], {
      stdio: "pipe",
    });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "certidesk-compiled-"));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [path.join(serverRoot, "dist/main.js")], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        DEMO_DATA: "0",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (c) => {
      output += c;
    });
    child.stderr?.on("data", (c) => {
      output += c;
    });
    const deadline = Date.now() + 50_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      const ok = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`server not ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 60_000);
  afterAll(() => {
    if (child.exitCode === null) child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers with the shared package's French messages", async () => {
    const r = await fetch(`${base}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      // `.max(200)` without a message of its own: the wording comes from packages/shared's zod-locale.ts,
      // a module kept only for its side effect (a bundler dropping it would answer in English).
      body: JSON.stringify({ identifier: "x".repeat(201), password: "y" }),
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { message: string } }).error.message).toBe(
      "Ce texte ne peut pas dépasser 200 caractères.",
    );
  });

  it("finds its PDF renderer's thread beside the chunk that starts it, and renders with it", async () => {
    const dist = path.join(serverRoot, "dist");
    const starter = fs
      .readdirSync(dist)
      .filter((f) => f.endsWith(".js"))
      .find((f) =>
        fs.readFileSync(path.join(dist, f), "utf8").includes('new URL("./pdf-worker.mjs", import.meta.url)'),
      );
    expect(starter).toBeDefined();
    const worker = new Worker(path.join(dist, "pdf-worker.mjs"));
    try {
      const reply = await new Promise<{ data?: Uint8Array }>((resolve, reject) => {
        worker.once("message", resolve).once("error", reject);
        worker.postMessage({ id: 1, job: { definition: { content: ["Bonjour"] } } });
      });
      expect(
        Buffer.from(reply.data ?? [])
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    } finally {
      await worker.terminate();
    }
  });

  it("stops on SIGTERM with code 0 once its database is closed", async () => {
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("arrêt terminé");
  });
});
