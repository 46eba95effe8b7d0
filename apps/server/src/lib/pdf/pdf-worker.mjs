// @ts-check
/**
 * The PDF renderer's thread (started by pdf-workers.ts): pdfmake renders one document definition at a
 * time, posted by the server. Plain JavaScript, not TypeScript: a worker thread is started from a file,
 * the same one from the sources (tests) and from dist/ (copied by scripts/build.mjs, SERVER_ASSETS).
 *
 * Whatever pdfmake or pdfkit throws, even from a callback outside any promise (a corrupt PNG's inflate),
 * ends this thread at worst, never the server: the server answers that request with a 500.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort } from "node:worker_threads";
import pdfmake from "pdfmake";

const require = createRequire(import.meta.url);
const fontsDir = path.join(path.dirname(require.resolve("pdfmake/package.json")), "fonts", "Roboto");
pdfmake.setFonts({
  Roboto: {
    normal: path.join(fontsDir, "Roboto-Regular.ttf"),
    bold: path.join(fontsDir, "Roboto-Medium.ttf"),
    italics: path.join(fontsDir, "Roboto-Italic.ttf"),
    bolditalics: path.join(fontsDir, "Roboto-MediumItalic.ttf"),
  },
});
// Generated documents read nothing but the bundled fonts, and fetch nothing from the network.
pdfmake.setLocalAccessPolicy((/** @type {string} */ file) => path.resolve(file).startsWith(fontsDir));
pdfmake.setUrlAccessPolicy(() => false);

/**
 * The footer drawn on each page: the template as posted, each node with a `pageCounter` ("Page {page} /
 * {pages}") given its text. A function cannot be posted to a thread, so the page numbers are filled here.
 * @param {unknown} node
 * @param {number} page
 * @param {number} pages
 * @returns {unknown}
 */
function withPageNumbers(node, page, pages) {
  if (Array.isArray(node)) return node.map((n) => withPageNumbers(n, page, pages));
  if (!node || typeof node !== "object") return node;
  /** @type {Record<string, unknown>} */
  const copy = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "pageCounter" && typeof value === "string")
      copy.text = value.replace("{page}", String(page)).replace("{pages}", String(pages));
    else copy[key] = withPageNumbers(value, page, pages);
  }
  return copy;
}

/**
 * @param {{ definition: Record<string, unknown>; footer?: unknown; xmp?: string }} job
 * @returns {Promise<Buffer>}
 */
async function render({ definition, footer, xmp }) {
  const output = pdfmake.createPdf({
    ...definition,
    ...(footer
      ? { footer: (/** @type {number} */ page, /** @type {number} */ pages) => withPageNumbers(footer, page, pages) }
      : {}),
  });
  if (xmp) {
    // A PDF/A-3 (Factur-X): its extra XMP metadata goes in before the document is written.
    const doc = /** @type {{ appendXML(xml: string): void }} */ (await output.getStream());
    doc.appendXML(xmp);
  }
  return output.getBuffer();
}

const port = parentPort;
if (!port) throw new Error("pdf-worker.mjs runs as a worker thread");
port.on("message", async (/** @type {{ id: number; job: Parameters<typeof render>[0] }} */ { id, job }) => {
  try {
    const data = await render(job);
    port.postMessage({ id, data });
  } catch (error) {
    const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
    port.postMessage({ id, error: { message, stack } });
  }
});
