import { readFile } from "node:fs/promises";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { parseChecklist, publishChecklist } from "./src/lib/accessibility/rgaa-checklist.ts";

/**
 * docs/rgaa.md read when the app is built (and by the tests): `rgaa.md?checklist` is what the statement
 * shows (figures, sample, non-conformities), `rgaa.md?checklist-summary` only the figures, for every page's
 * footer. A malformed checklist (a row, a number missing or twice) fails the build with its reasons.
 */
function rgaaChecklist(): Plugin {
  return {
    name: "rgaa-checklist",
    enforce: "pre",
    async load(id) {
      const [file = "", query] = id.split("?");
      if (!file.endsWith("/docs/rgaa.md") || (query !== "checklist" && query !== "checklist-summary")) return null;
      this.addWatchFile(file);
      const parsed = parseChecklist(await readFile(file, "utf8"));
      if (parsed.errors.length > 0) this.error(`docs/rgaa.md : ${parsed.errors.join(" ; ")}`);
      const published = publishChecklist(parsed);
      return `export default ${JSON.stringify(query === "checklist" ? published : published.summary)};`;
    },
  };
}

const api = process.env.API_URL ?? "http://localhost:3000";
const proxied = ["/api", "/auth", "/configuration", "/requestclients", "/health"];

export default defineConfig({
  plugins: [rgaaChecklist(), react()],
  server: { port: 5173, proxy: Object.fromEntries(proxied.map((p) => [p, api])) },
  // "hidden": maps are written for debugging but not referenced by the scripts, and the server never serves them.
  build: {
    outDir: "dist",
    sourcemap: "hidden",
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Modules shared by lazy screens stay in shared chunks instead of being merged into the entry,
      // which /login downloads (docs/performance.md).
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    // Generous: user-event typing is slow on a loaded 2-core machine; nothing here measures time.
    testTimeout: 20_000,
    // One jsdom and one module graph for all the files of a worker: a fresh environment and imports per
    // file were two thirds of the suite (196 s isolated, 60 s shared, 2 cores). setup.ts unmounts after
    // each test; no file changes a module's state for the next.
    isolate: false,
    // In CI, a test that fails is run once more, as the browser tests are: beside them, two cores loaded
    // past 6 delay a render past a wait now and then. A real fault fails twice.
    retry: process.env.CI ? 1 : 0,
  },
});
