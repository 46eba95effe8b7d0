import { type ApiErrorBody, MESSAGES } from "@certidesk/shared";
import { CHOOSE_PASSWORD_PATH, loginPathFor } from "./login-redirect";
import { clearStoredSession, readStoredUser, storeUser } from "./session-store";

export const CSRF_COOKIE = "certidesk_csrf";
export const CSRF_HEADER = "x-csrf-token";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function readCookie(name: string): string | null {
  const match = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** Any 401 ends the session in the browser and reloads the sign-in page (spec section 8), which brings the user back here. */
export function onUnauthenticated() {
  clearStoredSession();
  if (window.location.pathname !== "/login") window.location.assign(loginPathFor(window.location));
}

/**
 * The server refuses everything but choosing a password to a user signed in with a provisional one (an
 * administrator gave it since this page loaded): the page to choose it, where the guards lead too.
 */
function onPasswordChangeRequired() {
  const user = readStoredUser();
  if (user) storeUser({ ...user, mustChangePassword: true });
  if (window.location.pathname !== CHOOSE_PASSWORD_PATH) window.location.assign(CHOOSE_PASSWORD_PATH);
}

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** A fresh key per creation call: a retried or duplicated request is answered once by the server. */
export function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

export async function apiRequest<T>(method: Method, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers["content-type"] = "application/json";
  if (method !== "GET") {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  if (method === "POST") headers[IDEMPOTENCY_HEADER] = newIdempotencyKey();
  const response = await fetch(url, {
    method,
    headers,
    credentials: "same-origin",
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (response.status === 401 && url !== "/auth/login") onUnauthenticated();
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = (data as ApiErrorBody | undefined)?.error;
    if (error?.code === "PASSWORD_CHANGE_REQUIRED") onPasswordChangeRequired();
    throw new ApiError(
      response.status,
      error?.code ?? "INTERNAL",
      error?.message ?? MESSAGES.genericError,
      error?.details,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(url: string) => apiRequest<T>("GET", url),
  post: <T>(url: string, body?: unknown) => apiRequest<T>("POST", url, body ?? {}),
  put: <T>(url: string, body?: unknown) => apiRequest<T>("PUT", url, body ?? {}),
  delete: <T>(url: string) => apiRequest<T>("DELETE", url),
  upload: <T>(url: string, form: FormData) => apiRequest<T>("POST", url, form),
};

/** The French message to show for a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.genericError;
}

/** Builds a query string, leaving out empty values. */
export function toQuery(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : "";
}
