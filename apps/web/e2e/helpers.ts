import { type Browser, expect, type Page } from "@playwright/test";
import { SMTP_SINK_HTTP_PORT } from "./ports";

export const DEMO_PASSWORD = "Demo-2026";

/**
 * Opens /login. A page of the app whose cookies a test just cleared sends itself there too (the lost
 * session); that navigation can cancel ours (net::ERR_ABORTED, seen once in CI): then we go again.
 */
async function openLogin(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto("/login");
      return;
    } catch (error) {
      if (attempt === 3 || !String(error).includes("ERR_ABORTED")) throw error;
    }
  }
}

async function submitLogin(page: Page, identifier: string, password: string) {
  await openLogin(page);
  await page.getByLabel("Identifiant").fill(identifier);
  await page.locator("input[autocomplete=current-password]").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** Signs in and waits until the app has left the sign-in page. */
export async function signIn(page: Page, identifier: string, password = DEMO_PASSWORD) {
  await submitLogin(page, identifier, password);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** Submits the sign-in form expecting a refusal. */
export const trySignIn = submitLogin;

/**
 * The account menu's button in the header: named by what it shows (initials, name, profile), so found by
 * the menu it opens rather than by a name that changes with the account.
 */
export const accountMenu = (page: Page) => page.getByRole("banner").locator('button[aria-haspopup="menu"]');

const sinkMessages = async () =>
  (await (await fetch(`http://127.0.0.1:${SMTP_SINK_HTTP_PORT}/messages`)).json()) as Array<{
    to: string[];
    text: string;
  }>;

/** The mails the test SMTP server received after the first `notBefore` ones (raw text, attachments in base64). */
export const mailsSince = async (notBefore: number) => (await sinkMessages()).slice(notBefore);

/** How many mails the test SMTP server has received so far: linkFromMail reads only the later ones. */
export const mailCount = async () => (await sinkMessages()).length;

/**
 * The first link matching `pattern` in a mail received after the first `notBefore` ones by the test
 * SMTP server (e2e/smtp-sink.mjs), waiting for the outbox to send it. The mail screens hide these links.
 */
export async function linkFromMail(pattern: RegExp, notBefore: number): Promise<{ link: string; to: string[] }> {
  let found: { link: string; to: string[] } | undefined;
  await expect
    .poll(
      async () => {
        found = (await sinkMessages())
          .slice(notBefore)
          .map((m) => ({ link: pattern.exec(m.text)?.[0] ?? "", to: m.to }))
          .find((m) => m.link !== "");
        return found?.link ?? "";
      },
      { message: "un e-mail reçu avec le lien attendu", timeout: 20_000 },
    )
    .not.toBe("");
  return found ?? { link: "", to: [] };
}

/** A JSON read of the API with the page's session (its cookies), as the app's own calls make it. */
export async function apiGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (u) => {
    const response = await fetch(u, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`${u}: ${response.status}`);
    return response.json();
  }, url);
}

/** A page of its own browser context, signed in: one person among several in one test. */
export async function signedInPage(browser: Browser, identifier: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, identifier);
  return page;
}

/** A tiny but real PDF, for receipts: the server checks an upload's type from its content. */
export const RECEIPT_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
