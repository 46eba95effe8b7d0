#!/usr/bin/env node
// `npm test`: builds what changed (the browser tests and one API test run the compiled server), then
// runs the unit and API tests (`test:unit`) and the browser tests side by side. They share nothing (the
// API tests copy their own databases, the browser tests start their own servers on their own ports),
// and neither keeps two cores busy alone: side by side they take about the time of the longer one.
// Each line is prefixed with its suite; the end says how long each took. TEST_SERIAL=1 runs them one
// after the other (a machine short of memory).
import { spawn } from "node:child_process";
import readline from "node:readline";

const suites = [
  { name: "unit", command: ["npm", "run", "--silent", "test:unit"] },
  { name: "e2e", command: ["node", "scripts/run-e2e.mjs"] },
];

function run({ name, command }) {
  const started = Date.now();
  const child = spawn(command[0], command.slice(1), { stdio: ["ignore", "pipe", "pipe"], env: process.env });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    readline.createInterface({ input: stream }).on("line", (line) => out.write(`[${name}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on("exit", (code, signal) =>
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const build = await run({ name: "build", command: ["node", "scripts/build.mjs", "--if-changed"] });
if (build.code !== 0) process.exit(build.code);
const results = [build];
if (process.env.TEST_SERIAL) for (const suite of suites) results.push(await run(suite));
else results.push(...(await Promise.all(suites.map(run))));

console.log("\nnpm test :");
for (const { name, code, seconds } of results)
  console.log(`  ${name.padEnd(5)} ${code === 0 ? "réussi" : `ÉCHEC (code ${code})`} en ${Math.round(seconds)} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
