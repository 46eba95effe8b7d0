#!/usr/bin/env node
// Lists the exports of packages/shared that nothing else names (apps, other shared files, tests):
// delete them, or drop `export` when only their own file uses them. A name-based search, so a
// name reused elsewhere hides an unused export; good enough to keep the package lean.
// Usage: node scripts/unused-shared-exports.mjs   (exit code 1 when something is listed)
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// Spec codes kept on purpose for modules being written (missions).
// IMPARTIALITY_RULE_LABELS: the rule names for the mission team picker (mission screens being written).
const KEEP = new Set(["AUDIT_TYPE_OPTIONS", "MISSION_DOCUMENT_META_CODES", "IMPARTIALITY_RULE_LABELS"]);

const walk = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["node_modules", "dist"].includes(entry.name) ? [] : walk(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
const sharedDir = path.join(root, "packages/shared/src");
const files = [...walk(sharedDir), ...walk(path.join(root, "apps"))];
const texts = new Map(files.map((file) => [file, fs.readFileSync(file, "utf8")]));
const found = [];
for (const file of walk(sharedDir)) {
  if (file.endsWith(".test.ts") || file.endsWith("index.ts")) continue;
  const text = texts.get(file) ?? "";
  for (const [, name] of text.matchAll(/^export (?:const|function|type|interface|class|enum) (\w+)/gm)) {
    if (KEEP.has(name)) continue;
    const word = new RegExp(`\\b${name}\\b`, "g");
    const elsewhere = [...texts].some(([other, body]) => other !== file && word.test(body));
    if (elsewhere) continue;
    const local = (text.match(word) ?? []).length > 1;
    found.push(`${path.relative(root, file)}: ${name} (${local ? "used only in its file: drop export" : "unused"})`);
  }
}
for (const line of found) console.log(line);
process.exit(found.length ? 1 : 0);
