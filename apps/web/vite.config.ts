import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const api = process.env.API_URL ?? "http://localhost:3000";
const proxied = ["/api", "/auth", "/configuration", "/requestclients", "/health"];

export default defineConfig({
  plugins: [react()],
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
