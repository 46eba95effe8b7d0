#!/usr/bin/env node
// Table benchmark: builds apps/web/bench/table-bench.html in production mode, serves it,
// and times the DataTable with 1000 rows in Chromium. It prints numbers and never fails
// on them: performance is watched by reading these, not by timed assertions in tests.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import react from "@vitejs/plugin-react";
import { build, preview } from "vite";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SEARCH_TEXT = "tilleuls";
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webRoot = path.join(repoRoot, "apps/web");

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function buildBench(outDir) {
  await build({
    root: webRoot,
    configFile: false,
    logLevel: "warn",
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 5000,
      rolldownOptions: { input: path.join(webRoot, "bench/table-bench.html") },
    },
  });
}

async function measure(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => window.bench !== undefined);
  return page.evaluate(async (searchText) => {
    const bench = window.bench;
    const mount = await bench.mount();
    const sort = await bench.sort();
    const scroll = await bench.scrollToEnd();
    const filter = await bench.filter(searchText);
    return { mount, sort, scroll, filter };
  }, SEARCH_TEXT);
}

function report(results) {
  const rows = [
    ["Premier rendu (1000 lignes)", "mount"],
    ["Tri par colonne", "sort"],
    ["Défilement jusqu'à la fin", "scroll"],
    [`Filtre « ${SEARCH_TEXT} »`, "filter"],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const fmt = (n) => `${n.toFixed(1).padStart(8)} ms`;
  console.log(`\nDataTable, 1000 lignes — ${results.length} passages (médiane, min, max)\n`);
  console.log(`${"Mesure".padEnd(width)}   ${"médiane".padStart(11)} ${"min".padStart(11)} ${"max".padStart(11)}`);
  for (const [label, key] of rows) {
    const values = results.map((r) => r[key]);
    console.log(
      `${label.padEnd(width)}   ${fmt(median(values))} ${fmt(Math.min(...values))} ${fmt(Math.max(...values))}`,
    );
  }
  console.log("");
}

async function main() {
  const outDir = await mkdtemp(path.join(os.tmpdir(), "certidesk-bench-"));
  let server;
  let browser;
  try {
    await buildBench(outDir);
    server = await preview({
      root: webRoot,
      configFile: false,
      logLevel: "warn",
      build: { outDir },
      preview: { host: "127.0.0.1", port: 4399, strictPort: false, open: false },
    });
    const base = server.resolvedUrls?.local[0];
    if (!base) throw new Error("preview server has no address");
    const url = new URL("bench/table-bench.html", base).href;

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on("pageerror", (error) => console.error("Erreur dans la page :", error.message));

    await measure(page, url); // warm-up: browser caches and JIT, not reported
    const results = [];
    for (let run = 0; run < RUNS; run++) results.push(await measure(page, url));
    report(results);
  } finally {
    await browser?.close();
    await server?.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
