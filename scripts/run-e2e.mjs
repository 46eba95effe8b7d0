// Runs the browser tests in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
// Without Chromium a developer's run says so and skips; in CI (CI=true) it fails.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  const message = `Chromium introuvable (${chromium}) : installez-le (apt-get install chromium) ou définissez CHROMIUM_PATH.`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message} Tests navigateur ignorés.`);
  process.exit(0);
}
const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  cwd: new URL("../apps/web", import.meta.url),
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
