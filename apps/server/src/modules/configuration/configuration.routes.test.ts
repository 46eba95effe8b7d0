import { MESSAGES } from "@certidesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";

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

  it("stores a PNG logo served as the favicon, and refuses a disguised file", async () => {
    const upload = await ctx.app.inject({
      method: "POST",
      url: "/configuration/logo",
      ...multipart("logo.png", PNG, "image/png", admin.bearer),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const url = upload.json().logo.url as string;
    const logo = await ctx.app.inject({ url });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(logo.rawPayload.equals(PNG)).toBe(true);

    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]);
    const refused = await ctx.app.inject({
      method: "POST",
      url: "/configuration/logo",
      ...multipart("logo.png", exe, "image/png", admin.bearer),
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe("Format de logo non accepté : utilisez une image PNG, JPEG, WebP ou ICO.");
    expect((await ctx.app.inject({ url })).rawPayload.equals(PNG)).toBe(true);
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
