import { once } from "node:events";
import type { Readable, Writable } from "node:stream";

/**
 * The little of the tar format a backup archive needs (POSIX ustar, PAX records for long names and big
 * sizes), written and read as streams: an entry's content is never held whole in memory. Read by any tar
 * (`tar -xzf certidesk-….tar.gz`).
 */
const BLOCK = 512;
const USTAR_MAX_SIZE = 8 ** 11 - 1;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function headerBlock(name: string, size: number, type: "0" | "x", mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name.slice(0, 100), 0, "utf8");
  block.write(octal(0o644, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(Math.min(size, USTAR_MAX_SIZE), 12), 124);
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  block.write("        ", 148);
  block.write(type, 156);
  block.write("ustar\u000000", 257, "latin1");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return block;
}

function paxRecords(records: Record<string, string>): Buffer {
  let text = "";
  for (const [key, value] of Object.entries(records)) {
    const body = ` ${key}=${value}\n`;
    let length = Buffer.byteLength(body) + 1;
    while (String(length).length + Buffer.byteLength(body) !== length) length++;
    text += `${length}${body}`;
  }
  return Buffer.from(text, "utf8");
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export function createTarWriter(out: Writable) {
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await once(out, "drain");
  };
  return {
    /** One file: `content` must yield exactly `size` bytes. */
    async add(name: string, size: number, content: AsyncIterable<Buffer> | Buffer, mtime = new Date()) {
      if (Buffer.byteLength(name) > 100 || size > USTAR_MAX_SIZE) {
        const pax = paxRecords({ path: name, size: String(size) });
        await write(headerBlock(`PaxHeader/${name.slice(-80)}`, pax.length, "x", mtime));
        await write(Buffer.concat([pax, padding(pax.length)]));
      }
      await write(headerBlock(name, size, "0", mtime));
      let written = 0;
      for await (const chunk of Buffer.isBuffer(content) ? [content] : content) {
        written += chunk.length;
        await write(chunk);
      }
      if (written !== size) throw new Error(`tar entry ${name}: ${written} bytes written, ${size} announced`);
      await write(padding(size));
    },
    /** The two empty blocks that end an archive. */
    finish: () => write(Buffer.alloc(2 * BLOCK)),
  };
}

/** Reads exact byte counts from a stream. */
function byteReader(input: Readable) {
  const source = (input as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let buffered: Buffer = Buffer.alloc(0);
  const fill = async () => {
    const next = await source.next();
    if (next.done) return false;
    buffered = buffered.length ? Buffer.concat([buffered, next.value]) : next.value;
    return true;
  };
  return {
    /** Exactly `n` bytes, or null at the end of the stream before any. */
    async read(n: number): Promise<Buffer | null> {
      while (buffered.length < n) {
        if (!(await fill())) {
          if (buffered.length === 0) return null;
          throw new Error("archive tronquée");
        }
      }
      const bytes = buffered.subarray(0, n);
      buffered = buffered.subarray(n);
      return bytes;
    },
    /** The next piece of at most `n` bytes, as it arrived. */
    async piece(n: number): Promise<Buffer> {
      if (buffered.length === 0 && !(await fill())) throw new Error("archive tronquée");
      const piece = buffered.subarray(0, Math.min(n, buffered.length));
      buffered = buffered.subarray(piece.length);
      return piece;
    },
  };
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; what is left unread is skipped when the next entry is asked for. */
  content: AsyncGenerator<Buffer>;
}

const field = (block: Buffer, start: number, length: number) =>
  block.toString("utf8", start, start + length).replace(/\0.*$/s, "");

/** The regular files of an archive, in order. */
export async function* tarEntries(input: Readable): AsyncGenerator<TarEntry> {
  const reader = byteReader(input);
  let pax: Record<string, string> = {};
  for (;;) {
    const block = await reader.read(BLOCK);
    if (!block || block.every((byte) => byte === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
    if (Number.parseInt(field(block, 148, 8).trim(), 8) !== sum) throw new Error("archive illisible");
    const type = field(block, 156, 1) || "0";
    const prefix = field(block, 345, 155);
    const name = pax.path ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
    const size = Number(pax.size ?? Number.parseInt(field(block, 124, 12).trim() || "0", 8));
    pax = {};
    // Counted outside the generator, so that what its reader left (even by closing it) is skipped below.
    let left = size;
    const content = (async function* () {
      while (left > 0) {
        const piece = await reader.piece(left);
        left -= piece.length;
        yield piece;
      }
    })();
    if (type === "x") {
      const chunks: Buffer[] = [];
      for await (const chunk of content) chunks.push(chunk);
      for (const [, key, value] of Buffer.concat(chunks)
        .toString("utf8")
        .matchAll(/\d+ ([^=]+)=([^\n]*)\n/g)) {
        if (key && value !== undefined) pax[key] = value;
      }
    } else if (type === "0") {
      yield { name, size, content };
    }
    while (left > 0) left -= (await reader.piece(left)).length;
    await reader.read(padding(size).length);
  }
}
