import type PgModule from "pg";

/**
 * Following a NOTIFY channel: how a server learns that another one (or a statement of its own) changed
 * something it keeps in memory. The notices come from triggers (migration 0025_auth_change_notify), at
 * commit, on both engines.
 */
export interface ChangeHandlers {
  onNotice(payload: string): void;
  /** false: notices may be missed from now on (keep nothing in memory); true: they are followed again. */
  onLive(live: boolean): void;
}

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * PostgreSQL: a connection of its own (not one of the pool's, which come and go), LISTEN on it. When it
 * drops (server restart, network), the handlers hear `onLive(false)` at once and the connection is
 * opened again with a growing delay; `onLive(true)` once LISTEN is back in place.
 */
export async function listenOnPostgres(
  pg: typeof PgModule,
  connection: PgModule.ClientConfig,
  channel: string,
  handlers: ChangeHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: PgModule.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RETRY_MIN_MS;

  const scheduleRetry = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  };

  const connect = async () => {
    // Bounded like the pool's (db/client.ts): a connection attempt that hangs, or a connection whose peer
    // vanished, is given up and retried instead of leaving the feed silent while it is taken as live.
    const client = new pg.Client(connection);
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      if (current === client) {
        current = null;
        handlers.onLive(false);
      }
      client.end().catch(() => undefined);
      scheduleRetry();
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotice(message.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch {
      lost();
      return;
    }
    if (gone) return;
    if (stopped) {
      gone = true;
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = RETRY_MIN_MS;
    handlers.onLive(true);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const client = current;
    current = null;
    if (client) {
      handlers.onLive(false);
      await client.end().catch(() => undefined);
    }
  };
}

/** The part of PGlite this needs: its notices arrive in the same process, before the commit's answer. */
interface PgliteListener {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** PGlite: one process, one database; the notices of a statement are delivered before its promise settles. */
export async function listenOnPglite(
  client: PgliteListener,
  channel: string,
  handlers: ChangeHandlers,
): Promise<() => Promise<void>> {
  const unlisten = await client.listen(channel, (payload) => handlers.onNotice(payload));
  handlers.onLive(true);
  return async () => {
    handlers.onLive(false);
    // The database may already be closed (shutdown closes it after the app): nothing left to stop then.
    await unlisten().catch(() => undefined);
  };
}
