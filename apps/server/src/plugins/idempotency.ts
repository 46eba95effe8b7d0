import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/client.js";
import { idempotencyKeys } from "../db/schema/index.js";
import { AppError, badRequest } from "../lib/errors.js";

export const IDEMPOTENCY_HEADER = "idempotency-key";
const KEEP_MS = 24 * 3600_000;
/** A first request still running after this long is taken as lost (crash, cut connection). */
const ABANDONED_MS = 60_000;
const WAIT_STEP_MS = 50;
const WAIT_MAX_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function fingerprint(request: FastifyRequest): string {
  // Multipart is parsed only in the uploads' scope (app.ts): read from the header, not `isMultipart()`.
  const multipart = /^multipart\//i.test(request.headers["content-type"] ?? "");
  const body = multipart ? "" : JSON.stringify(request.body ?? null);
  return createHash("sha256").update(`${request.method} ${request.url}\n${body}`).digest("hex");
}

declare module "fastify" {
  interface FastifyRequest {
    idempotency: { userId: string; key: string } | null;
  }
}

/**
 * A POST declared as a read (the lists that take their filters in a body) is idempotent by nature: the
 * web app sends a key with every POST, and keeping each list page 24 h would cost two writes per read.
 */
function isRead(request: FastifyRequest): boolean {
  const access = request.routeOptions.config.access;
  return typeof access === "object" && access.op === "read";
}

/**
 * `Idempotency-Key` on writes (POST): the first request with a key runs and its successful answer is
 * kept 24 h for that user and key; a repeat — double click, retry after a cut connection, or a
 * concurrent duplicate, which waits for the first — gets the same answer without doing the work
 * again. The same key with another request is refused (422). A failed first request leaves no trace,
 * so it can be retried with the same key.
 */
export function registerIdempotency(app: FastifyInstance, { db }: { db: Database }): void {
  app.decorateRequest("idempotency", null);

  // Callback style with the common case first: a request without a key (every read) costs no promise.
  app.addHook("preHandler", (request, reply, done) => {
    if (request.method !== "POST" || !request.actor || isRead(request)) return done();
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return done();
    claimOrReplay(request, reply, request.actor.userId, header).then(() => done(), done);
  });

  /** Claims the key, or answers with the first request's answer (the hooks then stop: the reply is sent). */
  async function claimOrReplay(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    header: string | string[],
  ) {
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.length > 200 || !/^[\x21-\x7E]+$/.test(key)) {
      throw badRequest("En-tête Idempotency-Key invalide (1 à 200 caractères imprimables).");
    }
    const print = fingerprint(request);
    const started = Date.now();
    for (;;) {
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ userId, key, fingerprint: print })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed) {
        request.idempotency = { userId, key };
        return;
      }
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!existing) continue;
      const age = Date.now() - existing.createdAt.getTime();
      const stale = age > KEEP_MS || (existing.statusCode === null && age > ABANDONED_MS);
      if (stale) {
        await db
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.userId, userId),
              eq(idempotencyKeys.key, key),
              eq(idempotencyKeys.createdAt, existing.createdAt),
            ),
          );
        continue;
      }
      if (existing.fingerprint !== print) {
        throw new AppError(
          422,
          "UNPROCESSABLE",
          "Cette clé d'idempotence a déjà servi pour une autre requête : générez-en une nouvelle.",
        );
      }
      if (existing.statusCode !== null) {
        // Not returned: a reply is a thenable, which the promise would wait on until the answer is written.
        reply
          .status(existing.statusCode)
          .header("content-type", existing.contentType ?? "application/json; charset=utf-8")
          .header("idempotent-replayed", "true")
          .send(existing.body ?? "");
        return;
      }
      if (Date.now() - started > WAIT_MAX_MS) {
        throw new AppError(409, "CONFLICT", "La même demande est encore en cours. Patientez puis rechargez la page.");
      }
      await sleep(WAIT_STEP_MS);
    }
  }

  app.addHook("onSend", (request, reply, payload, done) => {
    const claim = request.idempotency;
    if (!claim) return done(null, payload);
    request.idempotency = null;
    keepOrForget(claim, reply, payload).then(() => done(null, payload), done);
  });

  /** Keeps a successful answer under its key for the retries, or forgets the key of a failed one. */
  async function keepOrForget(claim: { userId: string; key: string }, reply: FastifyReply, payload: unknown) {
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    if (ok && typeof payload === "string") {
      const contentType = reply.getHeader("content-type");
      await db
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode, body: payload, contentType: contentType ? String(contentType) : null })
        .where(where);
    } else {
      // Failed (or not replayable): forget the key so the same request can be tried again.
      await db.delete(idempotencyKeys).where(where);
    }
    // Now and then, drop what is past its 24 hours.
    if (Math.random() < 0.02) {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - interval '24 hours'`));
    }
  }
}
