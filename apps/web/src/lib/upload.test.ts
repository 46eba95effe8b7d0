import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { type UploadProgress, uploadWithProgress } from "./upload";

/** Just enough of XMLHttpRequest for the helper: the test plays the server. */
class FakeXhr {
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function start(onProgress?: (p: UploadProgress) => void, signal?: AbortSignal) {
  const xhr = new FakeXhr();
  const form = new FormData();
  form.append("family", "GENERAL");
  const promise = uploadWithProgress<{ id: string }>("/api/documents", form, onProgress, {
    signal,
    createRequest: () => xhr as unknown as XMLHttpRequest,
  });
  return { xhr, form, promise };
}

describe("uploadWithProgress", () => {
  beforeEach(() => {
    vi.spyOn(document, "cookie", "get").mockReturnValue("autre=1; certidesk_csrf=jeton%2Fcsrf");
  });
  afterEach(() => vi.restoreAllMocks());

  it("posts the form with the CSRF header and reports progress in percent", async () => {
    const seen: number[] = [];
    const { xhr, form, promise } = start((p) => seen.push(p.percent));
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/documents");
    expect(xhr.headers["x-csrf-token"]).toBe("jeton/csrf");
    expect(xhr.body).toBe(form);
    xhr.progress(0, 2000);
    xhr.progress(500, 2000);
    xhr.progress(2000, 2000);
    xhr.respond(200, { id: "d1" });
    await expect(promise).resolves.toEqual({ id: "d1" });
    expect(seen).toEqual([0, 25, 100]);
  });

  it("ignores progress events without a known total", async () => {
    const onProgress = vi.fn();
    const { xhr, promise } = start(onProgress);
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 10, total: 0 } as ProgressEvent);
    xhr.respond(200, { id: "d1" });
    await promise;
    expect(onProgress).not.toHaveBeenCalled();
  });

  it("rejects with the server's French message on a refused file", async () => {
    const { xhr, promise } = start();
    const message = "Type de fichier refusé : seuls les PDF… sont acceptés.";
    xhr.respond(400, { error: { code: "BAD_REQUEST", message, requestId: "r1" } });
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "BAD_REQUEST", message });
  });

  it("explains a 413 in French even without a JSON body", async () => {
    const { xhr, promise } = start();
    xhr.respond(413, "<html>Request Entity Too Large</html>");
    await expect(promise).rejects.toMatchObject({
      status: 413,
      message: "Le fichier dépasse la taille maximale autorisée.",
    });
  });

  it("keeps the server's 413 message when there is one", async () => {
    const { xhr, promise } = start();
    const message = "Le fichier dépasse la taille maximale de 25 Mo.";
    xhr.respond(413, { error: { code: "PAYLOAD_TOO_LARGE", message } });
    await expect(promise).rejects.toMatchObject({ status: 413, message });
  });

  it("ends the session on 401 and goes to the sign-in page", async () => {
    localStorage.setItem("certidesk.currentUser", "{}");
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, pathname: "/app/biblio", assign });
    const { xhr, promise } = start();
    xhr.respond(401, { error: { code: "UNAUTHENTICATED", message: "Votre session a expiré." } });
    await expect(promise).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem("certidesk.currentUser")).toBeNull();
    expect(assign).toHaveBeenCalledWith("/login?redirect=%2Fapp%2Fbiblio");
  });

  it("reports a network failure in French", async () => {
    const { xhr, promise } = start();
    xhr.onerror?.();
    await expect(promise).rejects.toMatchObject({ code: "NETWORK", message: expect.stringContaining("interrompue") });
  });

  it("aborts the request when the signal fires", async () => {
    const controller = new AbortController();
    const { xhr, promise } = start(undefined, controller.signal);
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(promise).rejects.toMatchObject({ code: "ABORTED", message: "Envoi annulé." });
  });
});
