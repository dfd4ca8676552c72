import type pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './db.ts';

export interface NotificationListener {
  close(): Promise<void>;
}

export interface ListenOptions {
  readonly onNotification: (payload: string) => void;
  /** After (re)connecting: notifications sent while not listening are lost, so look anyway. */
  readonly onListening: () => void;
  /** The connection dropped: notifications are missed until onListening runs again. */
  readonly onLost?: () => void;
  readonly log: Logger;
}

const firstRetryMs = 500;
const maxRetryMs = 30_000;

/**
 * Holds one pooled connection in LISTEN on a channel. When it drops (a database restart) it
 * reconnects with backoff; the caller covers the gap through onLost and onListening.
 */
export function listenForNotifications(
  db: Database,
  channel: string,
  options: ListenOptions,
): NotificationListener {
  let client: pg.PoolClient | undefined;
  let closed = false;
  let retryMs = firstRetryMs;
  let timer: NodeJS.Timeout | undefined;
  const onNotification = (message: pg.Notification): void => {
    if (message.channel === channel && message.payload) options.onNotification(message.payload);
  };

  const onError = (error: Error): void => {
    if (client) drop(client, error);
  };
  const detach = (held: pg.PoolClient): void => {
    held.removeListener('notification', onNotification);
    held.removeListener('error', onError);
  };

  const drop = (held: pg.PoolClient, error: unknown): void => {
    if (client !== held) return;
    client = undefined;
    detach(held);
    held.release(error instanceof Error ? error : new Error(String(error)));
    if (closed) return;
    options.onLost?.();
    options.log.warn({ err: error, channel, retryInMs: retryMs }, 'LISTEN lost; reconnecting');
    schedule();
  };

  const schedule = (): void => {
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    let held: pg.PoolClient;
    try {
      held = await db.pool.connect();
    } catch (error) {
      options.log.debug({ err: error, channel }, 'LISTEN cannot connect yet');
      schedule();
      return;
    }
    if (closed) {
      held.release();
      return;
    }
    client = held;
    held.on('error', onError);
    held.on('notification', onNotification);
    try {
      await held.query(`listen ${channel}`);
    } catch (error) {
      drop(held, error);
      return;
    }
    // close() ran while LISTEN was on its way: it has released the connection.
    if (closed) return;
    retryMs = firstRetryMs;
    options.onListening();
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const held = client;
      client = undefined;
      if (!held) return;
      // Still listening for errors until released: a dying connection must not crash the process.
      held.removeListener('notification', onNotification);
      try {
        await held.query(`unlisten ${channel}`);
        held.release();
      } catch {
        held.release(true);
      } finally {
        held.removeListener('error', onError);
      }
    },
  };
}
