import type { PgliteClient } from './pglite-client.js';
import pg from 'pg';

/**
 * LISTEN on one channel. PostgreSQL: a dedicated connection (a pooled one would be handed to
 * other queries and lose the LISTEN), re-established with back-off when it drops; notifications
 * sent while it was down are lost, so `onReconnect` tells the listener to catch up by reading.
 * PGlite: its own listen, relayed from its worker thread (same process, nothing to reconnect).
 */
export interface NotificationHandlers {
  onNotify(payload: string): void;
  /** The connection came back after a drop: notifications may have been missed. */
  onReconnect?(): void;
  /** The connection dropped (it is re-established in the background). */
  onError?(err: Error): void;
}

export interface Listening {
  close(): Promise<void>;
}

/** The application_name of the listening connections (operators see them in pg_stat_activity). */
export const LISTEN_APPLICATION_NAME = 'aiamarket-listen';

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
function checkChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`invalid notification channel '${channel}'`);
}

export async function listenPglite(
  client: PgliteClient,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Listening> {
  checkChannel(channel);
  const unlisten = await client.listen(channel, (payload) => handlers.onNotify(payload));
  return {
    close: async () => {
      await unlisten().catch(() => undefined);
    },
  };
}

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

export async function listenPostgres(
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Listening> {
  checkChannel(channel);
  let closed = false;
  let client: pg.Client | undefined;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({
      connectionString: url,
      application_name: LISTEN_APPLICATION_NAME,
      // A peer that vanished without closing is noticed by TCP keep-alive, not only on next write.
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    // Attached before connecting: an error event without a listener would crash the process.
    let dropped = false;
    const onDrop = (err?: Error) => {
      if (dropped) return;
      dropped = true;
      c.removeAllListeners('notification');
      c.end().catch(() => undefined);
      if (closed || client !== c) return;
      client = undefined;
      handlers.onError?.(err ?? new Error('notification connection ended'));
      scheduleReconnect();
    };
    c.on('error', onDrop);
    c.on('end', () => onDrop());
    c.on('notification', (msg) => {
      if (msg.channel === channel) handlers.onNotify(msg.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      dropped = true;
      await c.end().catch(() => undefined);
      throw err;
    }
    return c;
  };

  const scheduleReconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(
        (c) => {
          if (closed) {
            void c.end().catch(() => undefined);
            return;
          }
          client = c;
          retryMs = RETRY_MIN_MS;
          handlers.onReconnect?.();
        },
        (err: Error) => {
          handlers.onError?.(err);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
          scheduleReconnect();
        },
      );
    }, retryMs);
  };

  client = await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
