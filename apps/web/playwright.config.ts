import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
// A fresh embedded database with demo data for every run.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "certidesk-e2e-"));

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: "npx tsx ../server/src/main.ts",
    url: `http://localhost:${port}/health`,
    // A first start loads the whole demo (pipeline, evaluators, missions, documents): generous on a busy CI machine.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: "1", LOG_LEVEL: "warn", DATABASE_URL: "" },
  },
});
