import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_PORT, SMTP_SINK_HTTP_PORT, SMTP_SINK_PORT, WALK_PORT } from "./e2e/ports";

const port = E2E_PORT;

/**
 * The demo base both servers start from, loaded once per run (e2e/demo-server.mjs): a folder named in
 * the environment, so the test workers, which load this file again, see the same one.
 */
process.env.CERTIDESK_E2E_TEMPLATE ??= path.join(fs.mkdtempSync(path.join(os.tmpdir(), "certidesk-e2e-demo-")), "data");
const template = process.env.CERTIDESK_E2E_TEMPLATE;

/**
 * A server on its own copy of a fresh embedded database with demo data, for every run: the compiled
 * server, as in production (`npm run build` builds it with the web app; `npm run test:e2e` runs that first).
 */
function demoServer(serverPort: number, smtpUrl = "") {
  return {
    command: `node e2e/demo-server.mjs ${template}`,
    url: `http://localhost:${serverPort}/health`,
    // The first start loads the whole demo (pipeline, evaluators, missions, documents): generous on a
    // busy CI machine.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(serverPort),
      // A backup holds the embedded base for seconds: none in the middle of a run of timed browser tests.
      // The guide's pictures (e2e/guide-screenshots.spec.ts) show the settings of the daily backup: on.
      DAILY_BACKUP: process.env.GUIDE_SCREENSHOTS ? "1" : "0",
      LOG_LEVEL: "warn",
      SMTP_URL: smtpUrl,
    },
  };
}

export default defineConfig({
  testDir: "./e2e",
  // `npm test` runs some specs in its other lane, on their own servers (scripts/test.mjs).
  testIgnore: process.env.E2E_IGNORE ? process.env.E2E_IGNORE.split(",") : undefined,
  // Each run its own folder of traces and pictures: the two runs of `npm test` go side by side.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  // A CI machine shares its two cores between this run and the unit tests, and its speed varies from run to
  // run (the same suite has taken from 950 s to 1,800 s): twice the patience for a screen to show there.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
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
  webServer: [
    {
      command: `node e2e/smtp-sink.mjs ${SMTP_SINK_PORT} ${SMTP_SINK_HTTP_PORT}`,
      url: `http://127.0.0.1:${SMTP_SINK_HTTP_PORT}/health`,
      reuseExistingServer: false,
      stdout: "ignore" as const,
    },
    demoServer(port, `smtp://127.0.0.1:${SMTP_SINK_PORT}`),
    demoServer(WALK_PORT),
  ],
});
