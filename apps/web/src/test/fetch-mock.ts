import { vi } from "vitest";

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Replaces fetch with a responder, recording each call (method, URL, parsed JSON body), so a
 * component test can check what a form sends and how it shows the server's answer.
 */
export function mockFetch(respond: (call: RecordedCall) => { status?: number; body?: unknown }) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: RecordedCall = {
      method: init?.method ?? "GET",
      url: String(input),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const { status = 200, body } = respond(call);
    return new Response(body === undefined ? "" : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, restore: () => vi.unstubAllGlobals() };
}
