import zlib from "node:zlib";
import sharp from "sharp";

/** A real image drawn by libvips: a colour block, with an alpha channel when asked. */
export async function sampleImage(
  format: "png" | "jpeg" | "webp" | "gif",
  { width = 64, height = 32, alpha = false } = {},
): Promise<Buffer> {
  const background = alpha ? { r: 28, g: 100, b: 180, alpha: 0.5 } : { r: 28, g: 100, b: 180 };
  return sharp({ create: { width, height, channels: alpha ? 4 : 3, background } })
    .toFormat(format)
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function png(width: number, height: number, colourType: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(colourType, 9);
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", idat), chunk("IEND", Buffer.alloc(0))]);
}

/**
 * A PNG whose signature and chunks are valid (lengths, CRCs) but whose pixel data is not a valid deflate
 * stream: what the outside security test sent. With an alpha channel (colour type 6), pdfkit inflates it
 * to split the alpha out, and zlib's error is thrown from a callback.
 */
export function corruptPng(width = 64, height = 64): Buffer {
  const rows = Buffer.alloc((width * 4 + 1) * height, 0x7f);
  const idat = zlib.deflateSync(rows);
  for (let i = 2; i < Math.min(idat.length - 4, 40); i++) idat[i] = 0xaa;
  return png(width, height, 6, idat);
}

/**
 * A decompression bomb's header: 16,000 × 16,000 RGB announced (768 MB once decoded) in a few hundred
 * bytes; its data holds the first row only. Anything that trusts the header decodes or allocates it all.
 */
export function hugePng(width = 16_000, height = 16_000): Buffer {
  return png(width, height, 2, zlib.deflateSync(Buffer.alloc(width * 3 + 1)));
}
