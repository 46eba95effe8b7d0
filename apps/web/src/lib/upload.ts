import { type ApiErrorBody, MESSAGES } from "@certidesk/shared";
import {
  ApiError,
  CSRF_COOKIE,
  CSRF_HEADER,
  IDEMPOTENCY_HEADER,
  newIdempotencyKey,
  onUnauthenticated,
  readCookie,
} from "./api-client";

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 100. */
  percent: number;
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** Injectable so tests can drive a fake request. */
  createRequest?: () => XMLHttpRequest;
}

export const UPLOAD_MESSAGES = {
  network: "Le fichier n'a pas pu être envoyé : la connexion au serveur a été interrompue.",
  aborted: "Envoi annulé.",
  tooLarge: "Le fichier dépasse la taille maximale autorisée.",
} as const;

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * POSTs a multipart form and reports the upload's progress. fetch() cannot report upload
 * progress, hence XMLHttpRequest; the CSRF header and the 401 handling mirror api-client.
 */
export function uploadWithProgress<T>(
  url: string,
  formData: FormData,
  onProgress?: (progress: UploadProgress) => void,
  { signal, createRequest = () => new XMLHttpRequest() }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError(0, "ABORTED", UPLOAD_MESSAGES.aborted));
      return;
    }
    const xhr = createRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("accept", "application/json");
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, newIdempotencyKey());

    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      const percent = Math.min(100, Math.round((event.loaded / event.total) * 100));
      onProgress?.({ loaded: event.loaded, total: event.total, percent });
    };
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      if (xhr.status === 401) {
        // Same as api-client: the session is over, back to the sign-in page.
        onUnauthenticated();
      }
      const error = (data as ApiErrorBody | undefined)?.error;
      // A proxy refusing a large body answers 413 without our JSON: still say why in French.
      const fallback = xhr.status === 413 ? UPLOAD_MESSAGES.tooLarge : MESSAGES.genericError;
      reject(new ApiError(xhr.status, error?.code ?? "INTERNAL", error?.message ?? fallback, error?.details));
    };
    xhr.onerror = () => reject(new ApiError(0, "NETWORK", UPLOAD_MESSAGES.network));
    xhr.onabort = () => reject(new ApiError(0, "ABORTED", UPLOAD_MESSAGES.aborted));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(formData);
  });
}

/** Whether a failed upload was cancelled by the user (nothing to report then). */
export const isAbortedUpload = (error: unknown) => error instanceof ApiError && error.code === "ABORTED";
