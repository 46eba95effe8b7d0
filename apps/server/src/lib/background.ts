import type { FastifyBaseLogger } from "fastify";

/**
 * Work started after the answer is sent (so the answer's timing tells nothing about it), tracked so
 * that shutdown and tests can wait for it. A failure is logged: nobody is waiting for the result.
 */
export function createBackgroundWork(log?: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    run(label: string, task: () => Promise<void>) {
      const promise = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log?.error({ err: error }, `${label} : échec de la tâche en arrière-plan`))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    /** Resolves once everything started so far has finished. */
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
