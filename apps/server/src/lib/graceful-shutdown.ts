import type { FastifyInstance } from "fastify";

export interface ShutdownDeps {
  app: Pick<FastifyInstance, "close" | "log" | "server">;
  /** Closes the pool (PostgreSQL) or the embedded database (PGlite), once no request can use it. */
  closeDatabase: () => Promise<void>;
  /** Releases what else the process holds (the PGlite lock file). */
  release?: () => void;
  /** Past this delay the process exits anyway (code 1): a stuck request must not keep a deploy waiting. */
  timeoutMs: number;
  exit: (code: number) => void;
}

/**
 * The answer to SIGTERM/SIGINT. Fastify's close stops accepting connections, answers 503 to a request
 * arriving on a kept-alive one, and waits for the requests in flight; then its onClose hooks wait for
 * the handlers whose client hung up (plugins/handlers-in-flight.ts), stop the periodic jobs and the
 * mail worker (each waits for its current run) and the work started after an answer; only then is the
 * database closed, and the process exits 0. A connection left idle by a finished request is closed at
 * once rather than kept alive for its timeout.
 */
export function createShutdown({ app, closeDatabase, release = () => {}, timeoutMs, exit }: ShutdownDeps) {
  let closing: Promise<void> | null = null;
  return (signal: string) => {
    closing ??= (async () => {
      app.log.info({ signal }, "arrêt en cours : fin des requêtes en cours");
      const forced = setTimeout(() => {
        app.log.error({ timeoutMs }, "arrêt forcé : des requêtes ou des tâches n'ont pas fini à temps");
        exit(1);
      }, timeoutMs);
      forced.unref();
      const idle = setInterval(() => app.server.closeIdleConnections?.(), 100);
      idle.unref();
      try {
        await app.close();
        // PGlite must be closed cleanly or its data directory needs recovery at the next start.
        await closeDatabase();
        release();
        app.log.info("arrêt terminé");
        exit(0);
      } catch (error) {
        app.log.error({ err: error }, "arrêt en échec");
        exit(1);
      } finally {
        clearTimeout(forced);
        clearInterval(idle);
      }
    })();
    return closing;
  };
}
