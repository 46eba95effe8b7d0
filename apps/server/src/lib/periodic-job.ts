/**
 * A task run every `intervalMs` (and once at start), never twice at the same time in this process;
 * what it does must itself be safe with several servers (claims in the database).
 */
export function createPeriodicJob(
  task: () => Promise<void>,
  intervalMs: number,
  log: { error(obj: unknown, msg?: string): void },
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return running;
    running = task()
      .catch((error: unknown) => log.error({ err: error }, "tâche périodique en échec"))
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    runOnce: tick,
    start() {
      if (timer) return;
      void tick();
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
export type PeriodicJob = ReturnType<typeof createPeriodicJob>;
