#!/usr/bin/env node
// `npm test`: builds what changed (the browser tests and one API test run the compiled server), then
// runs the unit and API tests (`test:unit`) and the browser tests side by side. They share nothing (the
// API tests copy their own databases, the browser tests start their own servers on their own ports),
// and neither keeps two cores busy alone: side by side they take about the time of the longer one.
// Each line is prefixed with its suite; the end says how long each took. TEST_SERIAL=1 runs them one
// after the other (a machine short of memory).
//
// TEST_UNIT_THEN=<shell command>: run it after the unit tests, in their lane, while the browser tests
// (the longer suite) go on. CI puts its engine and Node checks there (.ci/engine-checks).
// TEST_TIMES_FILE=<file>: each suite's time is appended there too (CI's step table).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

// The browser specs that end the unit lane instead, on their own servers (E2E_PORT + 1000), so that the
// two lanes take about as long: the keyboard journeys (two minutes) share no state with the other specs.
const UNIT_LANE_SPECS = ["keyboard.spec.ts"];
// One demo base for both browser runs (e2e/demo-server.mjs loads it once, the other run copies it).
process.env.CERTIDESK_E2E_TEMPLATE ??= path.join(fs.mkdtempSync(path.join(os.tmpdir(), "certidesk-e2e-demo-")), "data");
const e2ePort = Number(process.env.E2E_PORT ?? 3210);

const unitLane = [{ name: "unit", command: ["npm", "run", "--silent", "test:unit"] }];
if (process.env.TEST_UNIT_THEN) unitLane.push({ name: "ci", command: ["bash", "-c", process.env.TEST_UNIT_THEN] });
unitLane.push({
  name: "e2e:2",
  command: ["node", "scripts/run-e2e.mjs", ...UNIT_LANE_SPECS.map((spec) => `e2e/${spec}`)],
  env: { E2E_PORT: String(e2ePort + 1000), E2E_OUTPUT_DIR: "test-results-2" },
});
const e2eLane = [
  {
    name: "e2e",
    command: ["node", "scripts/run-e2e.mjs"],
    env: { E2E_IGNORE: UNIT_LANE_SPECS.map((spec) => `**/${spec}`).join(",") },
  },
];
const lanes = [unitLane, e2eLane];

function run({ name, command, env = {} }) {
  const started = Date.now();
  const child = spawn(command[0], command.slice(1), {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    readline.createInterface({ input: stream }).on("line", (line) => out.write(`[${name}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      const result = { name, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 };
      if (process.env.TEST_TIMES_FILE)
        fs.appendFileSync(process.env.TEST_TIMES_FILE, `${Math.round(result.seconds)}\tnpm test: ${name}\n`);
      resolve(result);
    });
  });
}

/** A lane's suites one after the other; the first failure ends the lane. */
async function runLane(lane) {
  const results = [];
  for (const suite of lane) {
    results.push(await run(suite));
    if (results.at(-1).code !== 0) break;
  }
  return results;
}

const build = await run({ name: "build", command: ["node", "scripts/build.mjs", "--if-changed"] });
if (build.code !== 0) process.exit(build.code);
const results = [build];
if (process.env.TEST_SERIAL) for (const lane of lanes) results.push(...(await runLane(lane)));
else results.push(...(await Promise.all(lanes.map(runLane))).flat());

console.log("\nnpm test :");
for (const { name, code, seconds } of results)
  console.log(`  ${name.padEnd(6)} ${code === 0 ? "réussi" : `ÉCHEC (code ${code})`} en ${Math.round(seconds)} s`);
const ran = new Set(results.map((r) => r.name));
for (const suite of lanes.flat()) if (!ran.has(suite.name)) console.log(`  ${suite.name.padEnd(6)} non lancé`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
