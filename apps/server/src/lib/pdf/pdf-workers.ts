import os from "node:os";
import { Worker } from "node:worker_threads";
import { AppError } from "../errors.js";

/** What the renderer's thread takes (pdf-worker.mjs): plain data, a function cannot cross to a thread. */
export interface PdfJob {
  definition: Record<string, unknown>;
  /** The footer of every page; a node's `pageCounter` ("Page {page} / {pages}") becomes its text. */
  footer?: unknown;
  /** Extra XMP metadata of a PDF/A-3 (Factur-X). */
  xmp?: string;
}

export const PDF_FAILED =
  "Le document PDF n'a pas pu être produit. Réessayez ; si cela se reproduit, prévenez l'administrateur.";

/** A rendering that failed: a 500 for its request only, logged with its cause by the error handler. */
export class PdfRenderError extends AppError {
  constructor(cause: unknown) {
    super(500, "INTERNAL", PDF_FAILED);
    this.name = "PdfRenderError";
    this.cause = cause;
  }
}

/**
 * pdfmake runs in worker threads, each rendering one document at a time. An error pdfkit throws from a
 * callback (outside any promise: a corrupt image's inflate) used to end the server; in a thread it ends
 * that thread, whose one request answers 500, and the next document starts a new thread. A rendering
 * over RENDER_TIMEOUT_MS or over the thread's heap limit ends the same way. Rendering off the main thread
 * also keeps a long document from holding every other request. Threads start with the first document
 * (pdfmake and its fonts load there) and are kept, unreferenced while idle, for the next.
 */
const WORKER_FILE = new URL("./pdf-worker.mjs", import.meta.url);
const MAX_WORKERS = Math.max(1, Math.min(2, os.availableParallelism() - 1));
const RENDER_TIMEOUT_MS = 60_000;
const HEAP_LIMIT_MB = 512;

interface Pending {
  job: PdfJob;
  resolve: (data: Buffer) => void;
  reject: (error: Error) => void;
}

type Reply = { id: number; data?: Uint8Array; error?: { message: string; stack?: string } };

let nextId = 0;
const alive = new Set<Worker>();
const idle: Worker[] = [];
/** The job each busy worker is on: failed if the worker errors or exits before answering. */
const busy = new Map<Worker, { id: number; pending: Pending; timer: NodeJS.Timeout }>();
const queue: Pending[] = [];

function start(): Worker {
  const worker = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB } });
  alive.add(worker);
  // Listened for the worker's whole life: an 'error' event with no listener would be thrown in the server.
  worker
    .on("message", (reply: Reply) => answered(worker, reply))
    .on("error", (error) => lost(worker, error))
    .on("exit", (code) => lost(worker, new Error(`Le fil du rendu PDF s'est arrêté (code ${code}).`)));
  return worker;
}

function answered(worker: Worker, reply: Reply) {
  const current = busy.get(worker);
  if (!current || current.id !== reply.id) return;
  clearTimeout(current.timer);
  busy.delete(worker);
  worker.unref();
  idle.push(worker);
  if (reply.data) current.pending.resolve(Buffer.from(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength));
  else {
    const cause = Object.assign(new Error(reply.error?.message), { stack: reply.error?.stack });
    current.pending.reject(new PdfRenderError(cause));
  }
  next();
}

/** A worker that failed, exited or overran: gone for good; its job, if any, fails; the queue goes on. */
function lost(worker: Worker, error: Error) {
  if (!alive.delete(worker)) return;
  const index = idle.indexOf(worker);
  if (index >= 0) idle.splice(index, 1);
  const current = busy.get(worker);
  busy.delete(worker);
  void worker.terminate();
  if (current) {
    clearTimeout(current.timer);
    current.pending.reject(new PdfRenderError(error));
  }
  next();
}

function run(worker: Worker, pending: Pending) {
  const id = ++nextId;
  const timer = setTimeout(
    () => lost(worker, new Error(`Rendu PDF interrompu après ${RENDER_TIMEOUT_MS / 1000} s.`)),
    RENDER_TIMEOUT_MS,
  );
  busy.set(worker, { id, pending, timer });
  worker.ref();
  try {
    worker.postMessage({ id, job: pending.job });
  } catch (error) {
    // A definition that cannot be copied to the thread (a function in it): that document's fault only.
    answered(worker, { id, error: { message: String(error) } });
  }
}

function next() {
  while (queue.length > 0) {
    const worker = idle.pop() ?? (alive.size < MAX_WORKERS ? start() : null);
    if (!worker) return;
    run(worker, queue.shift() as Pending);
  }
}

/** The PDF of a job, rendered in a worker thread; rejects with PdfRenderError, never ends the process. */
export function renderInWorker(job: PdfJob): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    queue.push({ job, resolve, reject });
    next();
  });
}
