#!/usr/bin/env node
// Bundle budget: for each route of apps/web/src/app/router.tsx, the JavaScript the browser downloads to
// show it (the entry and the route's lazy chunk with everything they import statically, from Vite's
// manifest), gzipped. /login must stay within 200 kB, every other screen within 350 kB.
// Usage: node scripts/bundle-budget.mjs [--build]   (--build first runs `vite build` into a temporary
// folder; without it, apps/web/dist must hold a build made with --manifest). The exit code is 1 when a
// route is over budget. `npm run bench` runs it last.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const KB = 1000;
export const BUDGETS = { login: 200 * KB, screen: 350 * KB, afterFirstView: 500 * KB };
/**
 * Parts a screen loads after its content is shown, never needed to use it: the statistics' charts
 * (recharts, 130 kB) are drawn once the tables with the same figures are on screen, each chart holding
 * its place meanwhile. They are kept out of the screen's 350 kB and counted in a second budget: the
 * screen with them must stay within 500 kB. Alternatives of a screen (Settings' tabs, mission tabs) are
 * not such parts: a view needs one of them to show anything, so the heaviest counts in the 350 kB.
 */
export const AFTER_FIRST_VIEW = ["src/features/statistics/components/stats-bar-chart.tsx"];
const LOGIN_PATHS = new Set(["/login", "/mot-de-passe-oublie", "/reinitialiser-mot-de-passe"]);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webRoot = path.join(repoRoot, "apps/web");
const distDir = path.join(webRoot, "dist");
const routerFile = path.join(webRoot, "src/app/router.tsx");

/**
 * The routes' screens, read from the router's object literals: [{ path, srcs }] for each route that
 * loads a page and has no children, `srcs` being its page and the lazy layouts above it (relative to
 * apps/web). A light parse of braces and strings, enough for the router's plain route objects.
 */
export function routesOf(routerText) {
  const text = routerText.replace(/^\s*\/\/.*$/gm, "");
  const root = { own: "", children: [], parent: null };
  let frame = root;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      const end = text.indexOf('"', i + 1);
      frame.own += text.slice(i, end + 1);
      i = end;
    } else if (ch === "{") {
      const child = { own: "", children: [], parent: frame };
      frame.children.push(child);
      frame = child;
    } else if (ch === "}") {
      frame = frame.parent ?? root;
    } else frame.own += ch;
  }
  const routes = [];
  const walk = (node, parentPath, layouts) => {
    const own = node.own.match(/path:\s*"([^"]+)"/)?.[1];
    const lazy = node.own.match(/import\(\s*"([^"]+)"\s*\)/)?.[1];
    const src = lazy ? path.posix.normalize(path.posix.join("src/app", lazy)) : null;
    const fullPath =
      own === undefined ? parentPath : own.startsWith("/") ? own : `${parentPath.replace(/\/$/, "")}/${own}`;
    const hasChildren = /children:/.test(node.own);
    if (src && !hasChildren) routes.push({ path: fullPath || "/", srcs: [...layouts, src] });
    for (const child of node.children) walk(child, fullPath, src && hasChildren ? [...layouts, src] : layouts);
  };
  walk(root, "", []);
  return routes;
}

function findSource(manifest, src) {
  for (const ext of [".tsx", ".ts", ""]) {
    if (manifest[`${src}${ext}`]) return `${src}${ext}`;
  }
  return null;
}

/** The chunks a manifest key needs (itself and its static imports, recursively). */
function closure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

export function measureRoutes({ dist = distDir, routerText = fs.readFileSync(routerFile, "utf8") } = {}) {
  const manifestPath = path.join(dist, ".vite/manifest.json");
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} manquant : lancez avec --build`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
  const gz = new Map();
  const gzipped = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
    return gz.get(file);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entry = closure(manifest, entryKey);
  const sizeOf = (keys) => [...keys].reduce((sum, k) => sum + gzipped(manifest[k].file), 0);
  const rows = [];
  for (const route of routesOf(routerText)) {
    const sourceKeys = route.srcs.map((src) => findSource(manifest, src));
    if (sourceKeys.some((k) => !k)) {
      rows.push({ ...route, missing: true });
      continue;
    }
    const keys = new Set(entry);
    for (const key of sourceKeys) closure(manifest, key, keys);
    // A screen that loads parts of itself lazily (Settings' tabs) counts with its heaviest part.
    const page = sourceKeys.at(-1);
    const deferredKeys = AFTER_FIRST_VIEW.map((src) => findSource(manifest, src)).filter(Boolean);
    const pageParts = manifest[page].dynamicImports ?? [];
    let heaviest = null;
    for (const part of pageParts.filter((p) => !deferredKeys.includes(p))) {
      const withPart = closure(manifest, part, new Set(keys));
      if (!heaviest || sizeOf(withPart) > sizeOf(heaviest)) heaviest = withPart;
    }
    if (heaviest) for (const key of heaviest) keys.add(key);
    const later = new Set(keys);
    for (const part of pageParts.filter((p) => deferredKeys.includes(p))) closure(manifest, part, later);
    const budget = LOGIN_PATHS.has(route.path) ? BUDGETS.login : BUDGETS.screen;
    rows.push({
      ...route,
      chunks: keys.size,
      bytes: sizeOf(keys),
      routeBytes: sizeOf(keys) - sizeOf(entry),
      laterBytes: later.size > keys.size ? sizeOf(later) : null,
      budget,
    });
  }
  return { entryBytes: sizeOf(entry), entryChunks: entry.size, rows };
}

function main() {
  let dist = distDir;
  if (process.argv.includes("--build")) {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "certidesk-budget-"));
    execFileSync("npx", ["vite", "build", "--manifest", "--outDir", dist, "--emptyOutDir", "--logLevel", "warn"], {
      cwd: webRoot,
      stdio: "inherit",
    });
  }
  try {
    report(measureRoutes({ dist }));
  } finally {
    if (dist !== distDir) fs.rmSync(dist, { recursive: true, force: true });
  }
}

function report({ entryBytes, entryChunks, rows }) {
  const kb = (n) => `${(n / KB).toFixed(1)} kB`.padStart(9);
  const width = Math.max(...rows.map((r) => r.path.length), 5);
  console.log(`\nJavaScript par écran (gzip) — entrée commune : ${kb(entryBytes).trim()} en ${entryChunks} fichiers\n`);
  console.log(`${"Route".padEnd(width)}  ${"total".padStart(9)}  ${"propre".padStart(9)}  ${"budget".padStart(9)}`);
  let over = 0;
  for (const r of rows) {
    if (r.missing) {
      console.log(`${r.path.padEnd(width)}  (absent du manifeste : ${r.srcs.join(", ")})`);
      continue;
    }
    const laterOver = r.laterBytes !== null && r.laterBytes > BUDGETS.afterFirstView;
    const flag = r.bytes > r.budget || laterOver ? "  ✗ AU-DESSUS DU BUDGET" : "";
    if (flag) over++;
    const later =
      r.laterBytes !== null
        ? `  (puis ${kb(r.laterBytes).trim()} avec ce qui suit l'affichage, budget ${kb(BUDGETS.afterFirstView).trim()})`
        : "";
    console.log(`${r.path.padEnd(width)}  ${kb(r.bytes)}  ${kb(r.routeBytes)}  ${kb(r.budget)}${later}${flag}`);
  }
  console.log(over ? `\n${over} route(s) au-dessus du budget.\n` : "\nToutes les routes tiennent leur budget.\n");
  if (over) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
