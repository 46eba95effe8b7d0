#!/usr/bin/env node
// `npm start`: rebuilds what changed (web app, server), then runs the compiled server in this very
// process (no second Node, no signal to relay: SIGTERM reaches the server's own shutdown).
// An unchanged checkout costs a fingerprint of the sources (tens of milliseconds), not a build.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isUpToDate, repoRoot } from "./build-inputs.mjs";

const stale = ["web", "server"].filter((t) => !isUpToDate(t));
if (stale.length) {
  const built = spawnSync(process.execPath, [path.join(repoRoot, "scripts/build.mjs"), ...stale], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// Source maps are written beside the bundle but not read by default: parsing them costs about 50 MB
// of resident memory. NODE_OPTIONS=--enable-source-maps makes stack traces point at the sources.
await import(pathToFileURL(path.join(repoRoot, "apps/server/dist/main.js")).href);
