import { MESSAGES } from "@certidesk/shared";
import { ApiError, CSRF_COOKIE, CSRF_HEADER, readCookie } from "./api-client";

/**
 * Fetches a file and saves it under the name the server gives. Fetched rather than linked: a refusal comes
 * back as the API's French message to show, not as a JSON file saved by the browser; and a body (a bulk
 * selection of 500 ids) does not fit in a link.
 */
export async function downloadFile(url: string, fallbackName: string, body?: unknown): Promise<void> {
  const csrf = readCookie(CSRF_COOKIE);
  const response = await fetch(url, {
    credentials: "same-origin",
    ...(body === undefined
      ? {}
      : {
          method: "POST",
          headers: { "content-type": "application/json", ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
          body: JSON.stringify(body),
        }),
  });
  if (!response.ok) {
    const error = (await response.json().catch(() => undefined)) as
      | { error?: { code: string; message: string } }
      | undefined;
    throw new ApiError(
      response.status,
      error?.error?.code ?? "INTERNAL",
      error?.error?.message ?? MESSAGES.genericError,
    );
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
