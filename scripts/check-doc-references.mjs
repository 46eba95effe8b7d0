#!/usr/bin/env node
// Checks that the files and exported names the docs cite exist, that their links and pictures lead
// somewhere, and that the docs keep to their size (issue 37: a manual, not a diary). Run by `npm run lint`,
// hence by the CI.
// Usage: node scripts/check-doc-references.mjs [doc.md …]
//   (default: README.md, docs/architecture.md, docs/performance.md, docs/development.md, docs/rgaa.md,
//   docs/guide/*.md)
//
// The convention, written again at the top of docs/architecture.md:
// - a path is an inline code span (`…`, outside fenced blocks) that ends with a file extension
//   (`lib/policy.ts`), ends with "/" (a folder: `lib/storage/`), or starts with a top folder of the
//   repository (`.ci/run`, `packages/shared/src`). It is read from the repository's root, or from
//   apps/server/src, apps/server, apps/web/src, apps/web or packages/shared/src: `lib/policy.ts` and
//   `test/test-app.ts` are the server's, `features/clients/` and `e2e/phone.spec.ts` the web app's. A bare
//   file name (`client-list.repository.ts`) must be the name of some file of the repository. A span with a
//   placeholder (`<module>`, `*`, `…`), a URL, a suffix (`.service.ts`) or a path under dist/ or
//   node_modules/ is not a path;
// - exported names: code spans of identifiers, then the file in parentheses, on one line or across a line
//   break: `versionedUpdate` (`lib/versioned-update.ts`), or `allow`, `guard` et `authorize` (`lib/policy.ts`).
//   Each must be exported by that file (directly or through `export … from`); `clientKeys.detail` checks
//   `clientKeys`.
// - links and pictures: a relative Markdown target (`[texte](../permissions.md#anchor)`, `![texte](images/x.png)`)
//   must exist beside the doc, its #anchor must be a heading of the page it names, and a picture needs its
//   alternative text; with the default list, every picture of docs/guide/images must be shown by a page.
// Fails (exit 1) listing every citation that does not resolve. No dependency; a few tens of milliseconds.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BASES = ["", "apps/server/src", "apps/server", "apps/web/src", "apps/web", "packages/shared/src"];
const TOP_FOLDERS = ["apps/", "packages/", "scripts/", "docs/", ".ci/"];
const EXTENSION = /\.(ts|tsx|mts|mjs|cjs|js|json|md|css|html|txt|sql|yml|yaml|sh)$/;
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".git", "test-results", "playwright-report"]);
const IDENT = "[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)*";
const GUIDE = "docs/guide";
/** The most each doc may weigh, in bytes (issue 37); a page of the user guide, GUIDE_PAGE_MAX_BYTES. */
const MAX_BYTES = {
  "README.md": 12_000,
  "docs/architecture.md": 40_000,
  "docs/performance.md": 30_000,
  "docs/development.md": 12_000,
};
const GUIDE_PAGE_MAX_BYTES = 12_000;

/** The guide's pages (its drafts, written by other branches to be folded in, are not pages yet). */
const guidePages = () =>
  fs.existsSync(path.join(root, GUIDE))
    ? fs
        .readdirSync(path.join(root, GUIDE))
        .filter((f) => f.endsWith(".md"))
        .sort()
        .map((f) => `${GUIDE}/${f}`)
    : [];
const defaults = process.argv.length <= 2;
const docs = defaults
  ? ["README.md", "docs/architecture.md", "docs/performance.md", "docs/development.md", "docs/rgaa.md", ...guidePages()]
  : process.argv.slice(2);

/** Every file name of the repository (for bare names), walked once when first needed. */
let names;
function fileNames() {
  if (names) return names;
  names = new Set();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED_DIRS.has(entry.name)) continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else names.add(entry.name);
    }
  };
  walk(root);
  return names;
}

/** The file or folder a cited path names, or undefined. */
function resolve(cited) {
  // A trailing "/" names a folder, an extension a file; `packages/shared/src` may be either.
  const folder = cited.endsWith("/") ? true : EXTENSION.test(cited) ? false : undefined;
  for (const base of BASES) {
    const full = path.join(root, base, cited);
    if (!fs.existsSync(full)) continue;
    if (folder === undefined || fs.statSync(full).isDirectory() === folder) return full;
  }
  return undefined;
}

function isPath(span) {
  if (/[\s<>*…{}|=?:'"`,;()[\]]/.test(span) || span.startsWith("/") || span.startsWith("../")) return false;
  if (span.startsWith(".") && !span.includes("/")) return false;
  if (span.split("/").some((segment) => SKIPPED_DIRS.has(segment))) return false;
  return EXTENSION.test(span) || (span.endsWith("/") && span.length > 1) || TOP_FOLDERS.some((t) => span.startsWith(t));
}

/** The source file an import specifier of `file` names (`./x.js` is `./x.ts` in the sources). */
function moduleFile(file, specifier) {
  if (!specifier.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(file), specifier);
  const stem = base.replace(/\.(m?js|tsx?)$/, "");
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mjs`, `${stem}.js`, `${stem}/index.ts`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Whether `file` exports `name`, directly or through `export … from` (followed to their files). */
function exportsName(file, name, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = fs.readFileSync(file, "utf8");
  const escaped = name.replace(/\$/g, "\\$");
  const declared = new RegExp(
    `^export\\s+(?:declare\\s+)?(?:default\\s+)?(?:abstract\\s+)?(?:async\\s+)?(?:function\\*?|const|let|var|class|type|interface|enum)\\s+${escaped}\\b`,
    "m",
  );
  if (declared.test(text)) return true;
  for (const [, list, from] of text.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}(?:\s*from\s*["']([^"']+)["'])?/gm)) {
    for (const item of list.split(",")) {
      const [original, alias] = item
        .replace(/^\s*type\s+/, "")
        .split(/\s+as\s+/)
        .map((s) => s.trim());
      if ((alias ?? original) !== name) continue;
      if (!from) return true;
      const target = moduleFile(file, from);
      return target ? exportsName(target, original, seen) : false;
    }
  }
  for (const [, from] of text.matchAll(/^export\s+\*\s+from\s+["']([^"']+)["']/gm)) {
    const target = moduleFile(file, from);
    if (target && exportsName(target, name, seen)) return true;
  }
  return false;
}

/** The prose of a Markdown file: its fenced code blocks blanked, line breaks kept (for line numbers). */
function prose(markdown) {
  let fenced = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return "";
      }
      return fenced ? "" : line;
    })
    .join("\n");
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading) =>
  heading
    .toLowerCase()
    .replace(/[`*_]/g, "")
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s/g, "-");

/** The anchors of a Markdown file's headings. */
function anchorsOf(file) {
  const anchors = new Set();
  for (const [, heading] of prose(fs.readFileSync(file, "utf8")).matchAll(/^#{1,6}\s+(.+)$/gm))
    anchors.add(slug(heading));
  return anchors;
}

const problems = [];
const shownImages = new Set();
let checked = 0;
for (const doc of docs) {
  const file = path.join(root, doc);
  if (!fs.existsSync(file)) {
    problems.push(`${doc} : introuvable`);
    continue;
  }
  const markdown = fs.readFileSync(file, "utf8");
  const max = MAX_BYTES[doc] ?? (path.dirname(doc) === GUIDE ? GUIDE_PAGE_MAX_BYTES : undefined);
  const bytes = Buffer.byteLength(markdown);
  if (max && bytes > max)
    problems.push(`${doc} : ${bytes} octets, au-delà de ${max} (un manuel, pas un journal : l'histoire va dans git)`);
  const text = prose(markdown);
  const lineOf = (index) => `${doc}:${text.slice(0, index).split("\n").length}`;

  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const span = match[1];
    if (!isPath(span)) continue;
    checked++;
    const found = span.includes("/") ? resolve(span) : fileNames().has(span);
    if (!found)
      problems.push(`${lineOf(match.index)} : ${span.endsWith("/") ? "dossier" : "fichier"} introuvable : ${span}`);
  }

  // `a`, `b` et `c` (`path`): the identifiers just before a parenthesised path, line breaks allowed.
  const cited = new RegExp(`((?:\`${IDENT}\`(?:,\\s*|\\s+(?:et|ou)\\s+))*\`${IDENT}\`)\\s+\\(\`([^\`\\n]+)\`\\)`, "g");
  for (const match of text.matchAll(cited)) {
    const [, list, where] = match;
    if (!isPath(where)) continue;
    const target = where.includes("/") ? resolve(where) : undefined;
    // A file name is no identifier: `client-row.ts`, `toRow` (`x.ts`) checks `toRow` only.
    const spans = [...list.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    const lastPath = spans.findLastIndex((span) => isPath(span));
    for (const span of spans.slice(lastPath + 1)) {
      checked++;
      const name = span.split(".")[0];
      if (!target || fs.statSync(target).isDirectory()) {
        problems.push(`${lineOf(match.index)} : « ${name} » cité avec ${where}, qui n'est pas un fichier trouvé`);
      } else if (!exportsName(target, name)) {
        problems.push(`${lineOf(match.index)} : ${where} n'exporte pas « ${name} »`);
      }
    }
  }

  // [texte](cible) and ![texte](image): relative targets exist, anchors name a heading, pictures say what they show.
  for (const match of text.matchAll(/(!?)\[([^\]]*)\]\(([^)\s]+)\)/g)) {
    const [, bang, label, target] = match;
    if (/^[a-z]+:/i.test(target)) continue;
    checked++;
    const [file, anchor] = target.split("#");
    const full = file ? path.resolve(path.dirname(path.join(root, doc)), decodeURI(file)) : path.join(root, doc);
    if (!fs.existsSync(full)) {
      problems.push(`${lineOf(match.index)} : lien vers un fichier introuvable : ${target}`);
      continue;
    }
    if (bang) {
      shownImages.add(full);
      if (!label.trim()) problems.push(`${lineOf(match.index)} : image sans texte de remplacement : ${target}`);
    }
    if (anchor && full.endsWith(".md") && !anchorsOf(full).has(decodeURIComponent(anchor)))
      problems.push(`${lineOf(match.index)} : ancre introuvable dans ${path.relative(root, full)} : #${anchor}`);
  }
}

// Every picture of the guide is shown by one of its pages (a picture no page shows is dead weight in git);
// the drafts that other branches leave in docs/guide/drafts count, unchecked otherwise, until folded in.
if (defaults) {
  const drafts = path.join(root, GUIDE, "drafts");
  for (const draft of fs.existsSync(drafts) ? fs.readdirSync(drafts).filter((f) => f.endsWith(".md")) : []) {
    for (const [, target] of fs.readFileSync(path.join(drafts, draft), "utf8").matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g))
      shownImages.add(path.resolve(drafts, decodeURI(target)));
  }
  const images = path.join(root, GUIDE, "images");
  for (const image of fs.existsSync(images) ? fs.readdirSync(images) : []) {
    if (!shownImages.has(path.join(images, image)))
      problems.push(`${GUIDE}/images/${image} : montrée par aucune page du guide`);
  }
}

if (problems.length) {
  console.error(`Références des docs en défaut (${problems.length}) :\n${problems.join("\n")}`);
  console.error("\nConvention : en tête de docs/architecture.md. Corriger la doc, le chemin ou le nom.");
  process.exit(1);
}
console.log(`Références des docs : ${checked} vérifiées dans ${docs.join(", ")}.`);
