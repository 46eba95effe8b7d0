import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquirePgliteLock, pgliteOwner } from "./pglite-lock.js";

/** A process that takes the lock of `dir` as the server does, then keeps running. */
function lockHolder(dir: string): Promise<ChildProcess> {
  const source = `import { acquirePgliteLock } from ${JSON.stringify(new URL("./pglite-lock.ts", import.meta.url).href)};
acquirePgliteLock(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", source], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.once("data", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`lock holder exited (${code})`)));
  });
}

describe("the embedded database's lock", () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const newDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "certidesk-lock-"));
    dirs.push(dir);
    return dir;
  };
  let other: ChildProcess;
  beforeAll(() => {
    other = spawn("sleep", ["60"]);
    children.push(other);
  });
  afterAll(() => {
    for (const child of children) child.kill("SIGKILL");
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("names the running server that holds it", async () => {
    const dir = newDir();
    const holder = await lockHolder(dir);
    children.push(holder);
    expect(pgliteOwner(dir)).toBe(holder.pid);
    expect(() => acquirePgliteLock(dir)).toThrow(`est déjà ouverte par le processus ${holder.pid}`);
  });

  it("does not block a restart after the server was killed, even when its pid now belongs to another process", async () => {
    const dir = newDir();
    const holder = await lockHolder(dir);
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.once("exit", resolve));
    // Killed: its file stays, naming a dead process.
    expect(fs.existsSync(path.join(dir, "pglite.pid"))).toBe(true);
    expect(pgliteOwner(dir)).toBeNull();
    // Its pid given since to an unrelated live process (a reboot, a container numbering its processes alike).
    const file = path.join(dir, "pglite.pid");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/^\d+/, String(other.pid)));
    expect(pgliteOwner(dir)).toBeNull();
    const release = acquirePgliteLock(dir);
    expect(fs.readFileSync(file, "utf8")).toMatch(new RegExp(`^${process.pid}:\\d+$`));
    release();
    expect(fs.existsSync(file)).toBe(false);
  });
});
