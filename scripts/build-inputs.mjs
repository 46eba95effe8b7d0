// What each build is made from, and a fingerprint of it (path, size and modification time of every
// file and folder): `npm start` compares it with the one stored beside the last build and rebuilds
// only a target whose inputs changed. Folders count too, so a deleted or renamed file is seen. Kept
// free of heavy imports: it runs before every start.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const shared = ["packages/shared/src", "packages/shared/package.json", "package-lock.json"];

export const TARGETS = {
  server: {
    outDir: "apps/server/dist",
    inputs: ["apps/server/src", "apps/server/package.json", "scripts/build.mjs", ...shared],
  },
  web: {
    outDir: "apps/web/dist",
    inputs: [
      "apps/web/src",
      "apps/web/public",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      "apps/web/tsconfig.json",
      "apps/web/package.json",
      ...shared,
    ],
  },
};

const STAMP = ".build-stamp";
// Tests are not part of a build: editing one must not rebuild anything.
const ignored = (name) => /\.test\.tsx?$/.test(name) || name === "node_modules";

function walk(relative, lines) {
  const full = path.join(repoRoot, relative);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    lines.push(`${relative} absent`);
    return;
  }
  lines.push(`${relative} ${stat.isDirectory() ? "dir" : stat.size} ${stat.mtimeMs}`);
  if (!stat.isDirectory()) return;
  for (const entry of fs.readdirSync(full).sort()) if (!ignored(entry)) walk(path.join(relative, entry), lines);
}

export function fingerprint(target) {
  const lines = [`node ${process.version}`];
  for (const input of TARGETS[target].inputs) walk(input, lines);
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}

const stampPath = (target) => path.join(repoRoot, TARGETS[target].outDir, STAMP);

export function isUpToDate(target) {
  try {
    return fs.readFileSync(stampPath(target), "utf8") === fingerprint(target);
  } catch {
    return false;
  }
}

/** Records the inputs a build was made from (the fingerprint taken before building, so an edit made during the build is seen next time). */
export function writeStamp(target, print) {
  fs.writeFileSync(stampPath(target), print);
}
