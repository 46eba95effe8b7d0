#!/usr/bin/env node
// Builds what production runs: the web app (Vite, apps/web/dist) and the server (apps/server/dist,
// JavaScript started with plain `node`, no TypeScript loader at run time).
//
// Usage: node scripts/build.mjs [--if-changed] [server] [web]   (no target: both)
//   --if-changed  skips a target whose inputs have not changed since its last build (npm start)
//
// The server is bundled with esbuild: its own code and @certidesk/shared (TypeScript sources) become
// a few ES modules, the npm dependencies stay imports of node_modules. One file to load starts
// faster than hundreds, and the modules loaded on demand (PDF, XLSX, PGlite) become their own chunks.
// Every output file sits directly in dist/, next to the files the code reads beside itself at run
// time (migrations/, common-passwords.txt): `new URL("./x", import.meta.url)` finds them from any chunk.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fingerprint, isUpToDate, repoRoot, TARGETS, writeStamp } from "./build-inputs.mjs";

const args = process.argv.slice(2);
const ifChanged = args.includes("--if-changed");
const wanted = args.filter((a) => !a.startsWith("--"));
const targets = wanted.length ? wanted : ["web", "server"];
for (const t of targets) if (!TARGETS[t]) throw new Error(`cible inconnue : ${t} (server, web)`);

const serverRoot = path.join(repoRoot, "apps/server");

/** Files the server reads from its own folder at run time, copied beside the bundle. */
const SERVER_ASSETS = [
  ["src/db/migrations", "migrations"],
  ["src/lib/common-passwords.txt", "common-passwords.txt"],
  // Started as a worker thread from its own file (lib/pdf/pdf-workers.ts).
  ["src/lib/pdf/pdf-worker.mjs", "pdf-worker.mjs"],
];

async function buildServer() {
  const { build } = await import("esbuild");
  const outdir = path.join(serverRoot, "dist");
  const result = await build({
    metafile: true,
    absWorkingDir: serverRoot,
    entryPoints: {
      main: "src/main.ts",
      "create-admin": "src/cli/create-admin.ts",
      backup: "src/cli/backup.ts",
      restore: "src/cli/restore.ts",
      "seed-scale": "src/cli/seed-scale.ts",
    },
    outdir,
    entryNames: "[name]",
    chunkNames: "chunk-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    sourcemap: "linked",
    // Keep every module of the workspace that has side effects: packages/shared declares its French Zod
    // messages (zod-locale.ts) in "sideEffects", which esbuild did not honour through the workspace link
    // and dropped. The server bundle gains nothing worth having from that tree-shaking.
    ignoreAnnotations: true,
    logLevel: "warning",
    plugins: [
      {
        // npm packages stay in node_modules (they read their own files: PGlite's wasm, pdfmake's
        // fonts); only the workspace's TypeScript package is compiled into the bundle.
        name: "external-packages",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith("@certidesk/") ? undefined : { external: true }));
        },
      },
    ],
  });
  pruneOldOutputs(outdir, new Set(Object.keys(result.metafile.outputs).map((f) => path.resolve(serverRoot, f))));
  for (const [from, to] of SERVER_ASSETS) {
    fs.rmSync(path.join(outdir, to), { recursive: true, force: true });
    fs.cpSync(path.join(serverRoot, from), path.join(outdir, to), { recursive: true });
  }
  fs.writeFileSync(path.join(outdir, "package.json"), '{ "type": "module" }\n');
}

/**
 * dist/ is not emptied before a build: a server running from it may still import a chunk of its own
 * build later (a module loaded on first use), and chunks are named by their content. Chunks of earlier
 * builds are removed once two days old (a rebuilt server is restarted well before; a development
 * machine rebuilding all day does not pile them up); an entry point that no longer exists, at once.
 */
function pruneOldOutputs(outdir, current) {
  const twoDaysAgo = Date.now() - 2 * 24 * 3600 * 1000;
  for (const name of fs.readdirSync(outdir)) {
    const file = path.join(outdir, name);
    if (!/\.js(\.map)?$/.test(name) || current.has(file)) continue;
    if (!name.startsWith("chunk-") || fs.statSync(file).mtimeMs < twoDaysAgo) fs.rmSync(file);
  }
}

async function buildWeb() {
  execFileSync("npx", ["vite", "build", "--logLevel", "warn"], {
    cwd: path.join(repoRoot, "apps/web"),
    stdio: "inherit",
  });
  await precompress(path.join(repoRoot, "apps/web/dist"));
}

/**
 * Brotli (highest quality) and gzip copies of the web app's text files, served as they are by
 * @fastify/static (`preCompressed`): compressing a script once here instead of at each first visit
 * (the server's own compression, at a fast setting, is for the API's answers).
 */
async function precompress(dist) {
  const { promisify } = await import("node:util");
  const zlib = await import("node:zlib");
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const files = fs
    .readdirSync(dist, { recursive: true })
    .map((f) => path.join(dist, f))
    .filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f) && fs.statSync(f).size > 1024);
  await Promise.all(
    files.map(async (file) => {
      const data = fs.readFileSync(file);
      const params = {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      };
      fs.writeFileSync(`${file}.br`, await brotli(data, { params }));
      fs.writeFileSync(`${file}.gz`, await gzip(data, { level: 9 }));
    }),
  );
}

for (const target of targets) {
  const print = fingerprint(target);
  if (ifChanged && isUpToDate(target)) continue;
  const started = Date.now();
  if (target === "server") await buildServer();
  else await buildWeb();
  writeStamp(target, print);
  console.log(`${target} construit en ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
