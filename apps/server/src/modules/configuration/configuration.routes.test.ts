import { MESSAGES } from "@certidesk/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { corruptPng, hugePng, sampleImage } from "../../../test/images.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { tooManyPixels, UNREADABLE_IMAGE } from "../../lib/image-guard.js";

// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

function multipart(filename: string, content: Buffer, type: string, auth: Record<string, string>) {
  const boundary = "----certidesk-test";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...auth, "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe("configuration", () => {
  let ctx: TestContext;
  let admin: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  const get = async () => (await ctx.app.inject({ url: "/configuration/getConfiguration" })).json();
  const body = (overrides: Record<string, unknown> = {}) => ({
    companyName: "Qualéval",
    primaryColor: "#123456",
    secondaryColor: "#2f9e44",
    legalForm: "SAS",
    siret: "901 234 567 00018",
    vatNumber: "FR12901234567",
    address: "1 rue de la Paix",
    postalCode: "75002",
    city: "Paris",
    phone: "",
    email: "",
    accreditation: "",
    ...overrides,
  });

  it("serves the company identity publicly, for the sign-in page", async () => {
    const config = await get();
    expect(config).toMatchObject({ companyName: "Certidesk", logo: null });
    expect(config).not.toHaveProperty("decimalSeparator");
  });

  it("updates with the version, blocks invoicing until the identity is complete, and refuses a stale version", async () => {
    const blocked = await ctx.app.inject({ url: "/configuration/getDataToCheckBlockAction", headers: admin.bearer });
    expect(blocked.json().blockedActions.map((a: { action: string }) => a.action)).toContain("INVOICE_ISSUE");
    const { id, version } = await get();
    const saved = await ctx.app.inject({
      method: "POST",
      url: `/configuration/updateConfiguration/${id}`,
      headers: admin.bearer,
      payload: body({ version }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      companyName: "Qualéval",
      siret: "90123456700018",
      phone: null,
    });
    const unblocked = await ctx.app.inject({ url: "/configuration/getDataToCheckBlockAction", headers: admin.bearer });
    expect(unblocked.json()).toEqual({ missingFields: [], blockedActions: [] });
    const stale = await ctx.app.inject({
      method: "POST",
      url: `/configuration/updateConfiguration/${id}`,
      headers: admin.bearer,
      payload: body({ version, companyName: "Autre" }),
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(MESSAGES.staleVersion);
    expect((await get()).companyName).toBe("Qualéval");
  });

  it("refuses invalid values in French and changes nothing", async () => {
    const { id, version } = await get();
    const bad = await ctx.app.inject({
      method: "POST",
      url: `/configuration/updateConfiguration/${id}`,
      headers: admin.bearer,
      payload: body({ version, siret: "123", companyName: "Jamais" }),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe("Le SIRET doit contenir 14 chiffres.");
    const color = await ctx.app.inject({
      method: "POST",
      url: `/configuration/updateConfiguration/${id}`,
      headers: admin.bearer,
      payload: body({ version, primaryColor: "bleu" }),
    });
    expect(errorOf(color).message).toBe("Couleur attendue au format #RRGGBB.");
    expect((await get()).companyName).not.toBe("Jamais");
  });

  const uploadLogo = (filename: string, content: Buffer, type = "image/png") =>
    ctx.app.inject({ method: "POST", url: "/configuration/logo", ...multipart(filename, content, type, admin.bearer) });

  it("stores a PNG logo served as the favicon, and refuses a disguised file", async () => {
    const upload = await uploadLogo("logo.png", PNG);
    expect(upload.statusCode, upload.body).toBe(200);
    const url = upload.json().logo.url as string;
    const logo = await ctx.app.inject({ url });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    // Redrawn by libvips, the same pixel.
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
    expect(await sharp(logo.rawPayload).raw().toBuffer()).toEqual(await sharp(PNG).raw().toBuffer());

    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]);
    const refused = await uploadLogo("logo.png", exe);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe("Format de logo non accepté : utilisez une image PNG, JPEG ou WebP.");
    expect((await ctx.app.inject({ url })).rawPayload.equals(logo.rawPayload)).toBe(true);
  });

  it("refuses a corrupt or oversized image in French and keeps the logo it had", async () => {
    const before = await get();
    const cases = [
      [corruptPng(), "Cette image est illisible ou abîmée : enregistrez-la de nouveau en PNG ou JPEG."],
      [(await sampleImage("png", { width: 400, height: 400, alpha: true })).subarray(0, 300), UNREADABLE_IMAGE],
      [
        hugePng(),
        "Cette image est trop grande (16000 × 16000 pixels) : 16 millions de pixels au plus, par exemple 4 000 × 4 000.",
      ],
      [hugePng(4001, 4000), tooManyPixels(4001, 4000)],
    ] as const;
    for (const [content, message] of cases) {
      const refused = await uploadLogo("logo.png", content);
      expect(refused.statusCode, message).toBe(400);
      expect(errorOf(refused).message).toBe(message);
    }
    expect(await get()).toEqual(before);
  });

  it("stores a large photograph as a JPEG that fits 600 × 600, a WebP as a PNG", async () => {
    const photo = await uploadLogo("photo.jpg", await sampleImage("jpeg", { width: 3000, height: 1000 }), "image/jpeg");
    expect(photo.statusCode, photo.body).toBe(200);
    const jpeg = (await ctx.app.inject({ url: photo.json().logo.url })).rawPayload;
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 600, height: 200 });

    const webp = await uploadLogo("logo.webp", await sampleImage("webp", { alpha: true }), "image/webp");
    expect(webp.statusCode, webp.body).toBe(200);
    const served = await ctx.app.inject({ url: webp.json().logo.url });
    expect(served.headers["content-type"]).toBe("image/png");
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "png", width: 64, height: 32 });
  });

  it("lets only SETTING update change it", async () => {
    const qse = await signIn(ctx, (await buildUser(ctx.handle.db, "CPI")).identifier);
    const { id, version } = await get();
    const denied = await ctx.app.inject({
      method: "POST",
      url: `/configuration/updateConfiguration/${id}`,
      headers: qse.bearer,
      payload: body({ version }),
    });
    expect(denied.statusCode).toBe(403);
  });
});
