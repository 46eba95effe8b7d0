import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { streamWorkbook } from "./xlsx-stream.js";

type Row = { n: number; label: string };
const BATCHES = 40;
const BATCH_SIZE = 1_000;

/** 40 batches of 1,000 rows, counting how many were read and whether the reading was closed. */
function countedBatches() {
  const state = { read: 0, closed: false };
  async function* batches() {
    try {
      for (let b = 0; b < BATCHES; b++) {
        state.read++;
        yield Array.from({ length: BATCH_SIZE }, (_, i) => {
          const n = b * BATCH_SIZE + i + 1;
          // Text that compresses little: the file must outgrow the streams' buffers (64 KiB on Node 22+).
          return { n, label: `Établissement ${n} — ${createHash("sha256").update(String(n)).digest("hex")}` };
        });
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, batches: batches() };
}

const workbookOf = (batches: AsyncIterable<Row[]>) =>
  streamWorkbook<Row>({
    sheetName: "Lignes",
    columns: [
      { header: "N°", width: 8, value: (r) => r.n },
      { header: "Libellé", width: 40, value: (r) => r.label },
    ],
    batches,
    created: new Date("2026-11-28T12:00:00Z"),
  });

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Until the stream's buffer is full (nobody reads it), then a few turns more for the writer to go on if it would. */
async function untilUnread(stream: Readable & { writableNeedDrain?: boolean }) {
  while (!stream.writableNeedDrain) await turn();
  for (let i = 0; i < 20; i++) await turn();
}

describe("streamWorkbook", () => {
  it("reads no further batches while the download does not take what was written, then writes every row", async () => {
    const { state, batches } = countedBatches();
    const stream = await workbookOf(batches);
    await untilUnread(stream);
    // Without backpressure every batch is read (and held in memory) before the first byte leaves.
    expect(state.read).toBeLessThan(BATCHES);

    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(state.read).toBe(BATCHES);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const numbers = (workbook.getWorksheet("Lignes")?.getColumn(1).values ?? []).slice(2);
    expect(numbers).toHaveLength(BATCHES * BATCH_SIZE);
    expect(numbers[0]).toBe(1);
    expect(numbers.at(-1)).toBe(BATCHES * BATCH_SIZE);
  });

  it("stops reading the rows when the download is cancelled", async () => {
    const { state, batches } = countedBatches();
    const stream = await workbookOf(batches);
    await untilUnread(stream);
    stream.destroy();
    for (let i = 0; i < 20 && !state.closed; i++) await turn();
    expect(state.closed).toBe(true);
    expect(state.read).toBeLessThan(BATCHES);
  });
});
