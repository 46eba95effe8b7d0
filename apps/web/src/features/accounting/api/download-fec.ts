import { MESSAGES } from "@certidesk/shared";
import { ApiError, toQuery } from "../../../lib/api-client";

/**
 * Downloads the FEC of a period. Fetched rather than linked: a refusal (no SIREN, a period over a year)
 * comes back as the API's French message for the form, not as a JSON file saved by the browser.
 */
export async function downloadFec(from: string, to: string): Promise<void> {
  const response = await fetch(`/api/accounting/fec${toQuery({ from, to })}`, { credentials: "same-origin" });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as
      | { error?: { code: string; message: string } }
      | undefined;
    throw new ApiError(response.status, body?.error?.code ?? "INTERNAL", body?.error?.message ?? MESSAGES.genericError);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "FEC.txt";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
