import type { FastifyInstance, RouteHandlerMethod } from "fastify";

/**
 * Every route handler still running is awaited when the app closes, before the database is. Fastify's
 * close waits for open connections only: a client that hangs up mid-request (a browser tab closed, a load
 * test stopped) leaves its handler running on a connection that is already gone, and closing the pool
 * (or PGlite) under it failed its next query. Register before the routes: `onRoute` sees only the routes
 * added after it.
 */
export function registerHandlersInFlight(app: FastifyInstance): void {
  const running = new Set<Promise<unknown>>();
  app.addHook("onRoute", (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function tracked(this: FastifyInstance, request, reply) {
      const result = handler.call(this, request, reply);
      // The handler's own promise is returned untouched: Fastify answers from it as before.
      if (result instanceof Promise) {
        // Its failure is Fastify's to answer; here only its end counts.
        const settled: Promise<unknown> = result.catch(() => {}).finally(() => running.delete(settled));
        running.add(settled);
      }
      return result;
    };
  });
  app.addHook("onClose", async () => {
    while (running.size) await Promise.all(running);
  });
}
