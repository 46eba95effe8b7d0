#!/usr/bin/env node
// Regenerates the user guide's pictures (docs/guide/images): builds the app, runs the browser spec that
// takes them on the demo data (apps/web/e2e/guide-screenshots.spec.ts), then compresses each one (PNG with
// a palette: text stays sharp, a screen weighs tens of kilobytes) so the guide can keep them in git.
// Usage: npm run docs:screenshots   (E2E_PORT moves the servers' ports, as for the browser tests)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const target = path.join(root, "docs/guide/images");
/** Budgets of the guide's pictures: each one, and all together (issue 37). */
const MAX_IMAGE_BYTES = 120_000;
const MAX_TOTAL_BYTES = 3_000_000;

// sharp is the server's dependency (it redraws uploaded logos): loaded from there.
const sharp = createRequire(path.join(root, "apps/server/package.json"))("sharp");

const run = (args, env = {}) => {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const raw = fs.mkdtempSync(path.join(os.tmpdir(), "certidesk-guide-"));
run(["scripts/build.mjs"]);
run(["scripts/run-e2e.mjs", "e2e/guide-screenshots.spec.ts"], { GUIDE_SCREENSHOTS: raw });

const shots = fs.readdirSync(raw).filter((f) => f.endsWith(".png"));
if (!shots.length) {
  console.error("Aucune capture produite (Chromium absent ?) : docs/guide/images est laissé tel quel.");
  process.exit(1);
}
// Overwrites the spec's pictures only: another picture of the folder (a draft's) is left alone, and one that
// no page shows any more is reported by `npm run lint` (scripts/check-doc-references.mjs).
fs.mkdirSync(target, { recursive: true });

let total = 0;
const tooBig = [];
for (const name of shots.sort()) {
  const out = path.join(target, name);
  await sharp(path.join(raw, name)).png({ palette: true, colours: 128, compressionLevel: 9, effort: 10 }).toFile(out);
  const bytes = fs.statSync(out).size;
  total += bytes;
  if (bytes > MAX_IMAGE_BYTES) tooBig.push(name);
  console.log(`${name.padEnd(36)} ${(bytes / 1000).toFixed(0).padStart(4)} ko`);
}
fs.rmSync(raw, { recursive: true, force: true });
console.log(`${shots.length} captures, ${(total / 1000).toFixed(0)} ko au total, dans docs/guide/images.`);
if (tooBig.length || total > MAX_TOTAL_BYTES) {
  console.error(
    `Au-delà du budget (${MAX_IMAGE_BYTES / 1000} ko par image, ${MAX_TOTAL_BYTES / 1_000_000} Mo en tout) : ${tooBig.join(", ") || "total"}.`,
  );
  process.exit(1);
}
