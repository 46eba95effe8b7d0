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
  let first: NodeJS.Timeout | null = null;
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
    /** `firstAfterMs`: the first run, and the interval after it, wait that long (a heavy task does not slow the start). */
    start(firstAfterMs = 0) {
      if (timer || first) return;
      const begin = () => {
        first = null;
        void tick();
        timer = setInterval(() => void tick(), intervalMs);
        timer.unref();
      };
      if (firstAfterMs <= 0) return begin();
      first = setTimeout(begin, firstAfterMs);
      first.unref();
    },
    async stop() {
      if (first) clearTimeout(first);
      if (timer) clearInterval(timer);
      first = null;
      timer = null;
      await running;
    },
  };
}
export type PeriodicJob = ReturnType<typeof createPeriodicJob>;
