import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Migrates once per run; each test file starts from a copy of that database (test/test-app.ts).
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A worker keeps the modules it imported from one test file to the next: importing the server's
    // graph again for each of a hundred files was half the suite's time (537 s isolated, 261 s shared on
    // PostgreSQL, 2 cores). What a file starts (an app, a database, a timer) it closes in its own
    // afterAll; none of them changes a module's state for the next.
    isolate: false,
    // In CI, a failed test runs once more, as the browser tests do: beside them, two loaded cores can push
    // a restore or a server's start past its time. A real fault fails twice.
    retry: process.env.CI ? 1 : 0,
  },
});
