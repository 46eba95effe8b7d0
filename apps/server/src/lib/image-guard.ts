import type { Sharp, SharpOptions } from "sharp";
import { badRequest } from "./errors.js";

/**
 * Every image a user gives that the server or a page will draw (the logo in each PDF and page, an image
 * in the library shown in its preview) is decoded here once, at upload, by libvips (sharp): its size read
 * from the header and bounded before anything is decoded, then decoded whole, so that a corrupt body or
 * a decompression bomb (16,000 × 16,000 pixels in under 1 MB) is refused with a French message instead of
 * reaching pdfmake, whose PNG decoder throws outside any promise and ends the process.
 */
export const MAX_IMAGE_PIXELS = 4000 * 4000;

export const UNREADABLE_IMAGE = "Cette image est illisible ou abîmée : enregistrez-la de nouveau en PNG ou JPEG.";
export const tooManyPixels = (width: number, height: number) =>
  `Cette image est trop grande (${width} × ${height} pixels) : 16 millions de pixels au plus, par exemple 4 000 × 4 000.`;

export type ImageFormat = "png" | "jpeg" | "webp" | "gif";

// "error" refuses truncated and corrupt data; "warning" would also refuse the harmless oddities many
// cameras write (extraneous bytes after a JPEG's data), which every viewer shows.
const DECODE: SharpOptions = { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true };

/** sharp (native libvips, from npm) is loaded by the first image, not at start. */
let loading: Promise<typeof import("sharp")["default"]> | null = null;
function loadSharp() {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // Each image is read once: libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

export interface CheckedImage {
  format: ImageFormat;
  width: number;
  height: number;
}

/**
 * The image's format and size from its header, refused when it is not one of `formats`, cannot be read,
 * or has more than MAX_IMAGE_PIXELS (all frames of an animation counted); then decoded whole (through a
 * small resize, so memory stays bounded), refused if that fails.
 */
export async function checkImage(data: Buffer, formats: readonly ImageFormat[]): Promise<CheckedImage> {
  const sharp = await loadSharp();
  const header = await sharp(data, { ...DECODE, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height || !(formats as readonly string[]).includes(header.format ?? ""))
    throw badRequest(UNREADABLE_IMAGE);
  const pages = header.pages ?? 1;
  const frameHeight = header.pageHeight ?? header.height;
  if (header.width * frameHeight * pages > MAX_IMAGE_PIXELS)
    throw badRequest(tooManyPixels(header.width, frameHeight * pages));
  await decoded(
    sharp(data, { ...DECODE, animated: pages > 1 })
      .resize(256, 256, { fit: "inside" })
      .raw(),
  );
  return { format: header.format as ImageFormat, width: header.width, height: header.height };
}

/**
 * A checked image drawn again as a clean PNG (or a JPEG for a photograph sent as JPEG) that fits in
 * maxSide × maxSide, turned upright, colours in sRGB, metadata dropped: what is stored and later given to
 * pdfmake and browsers is libvips' own output, never the bytes received.
 */
export async function normaliseImage(
  data: Buffer,
  { formats, maxSide }: { formats: readonly ImageFormat[]; maxSide: number },
): Promise<{ data: Buffer; mime: "image/png" | "image/jpeg" }> {
  const { format } = await checkImage(data, formats);
  const sharp = await loadSharp();
  const fitted = sharp(data, DECODE).rotate().resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true });
  if (format === "jpeg") return { data: await decoded(fitted.jpeg({ quality: 90 })), mime: "image/jpeg" };
  return { data: await decoded(fitted.png({ compressionLevel: 9 })), mime: "image/png" };
}

function decoded(pipeline: Sharp): Promise<Buffer> {
  return pipeline.toBuffer().catch(() => {
    throw badRequest(UNREADABLE_IMAGE);
  });
}
