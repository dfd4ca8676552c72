import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { TestApp } from '../app.ts';
import { createConnection } from '../connections/connections-harness.ts';
import { startTestApp } from '../health/health-harness.ts';
import { createConnectionResolver } from '../../src/modules/connections/connection-resolver.ts';
import { channelFor } from '../../src/modules/notifications/channels/registry.ts';
import { createSealer } from '../../src/platform/crypto.ts';
import { startReceiver, type Receiver, type Received } from './receiver.ts';

export const message = { title: 'Check api failed', body: 'The check **api** is unhealthy' };

/**
 * The real path of a notification: a connection saved through the data API (the write hook
 * composes the url and seals the secrets), opened by the resolver, delivered by its channel.
 */
export function useChannelDelivery() {
  const state: { app?: TestApp; receiver?: Receiver } = {};
  beforeAll(async () => {
    [state.app, state.receiver] = await Promise.all([startTestApp(), startReceiver()]);
  });
  afterAll(async () => {
    await state.app?.close();
    await state.receiver?.close();
  });
  beforeEach(() => {
    const receiver = need(state.receiver);
    receiver.received.length = 0;
    receiver.status = 200;
    receiver.answer = '{"ok":true}';
  });

  const harness = {
    get receiver(): Receiver {
      return need(state.receiver);
    },
    get app(): TestApp {
      return need(state.app);
    },
    /** Saves a connection as the settings form would, delivers one message, and answers it. */
    async deliver(body: Record<string, unknown>): Promise<Received[]> {
      const app = need(state.app);
      const name = `${String(body.type)}-${Math.random().toString(36).slice(2, 8)}`;
      await createConnection(app, { name, ...body });
      const resolve = createConnectionResolver(
        app.database.db,
        createSealer('test-secret-key-'.repeat(4)),
      );
      const connection = await resolve(`connection://default/${name}`);
      await channelFor(connection).send({
        connection,
        message,
        idempotencyKey: 'evt-1',
        signal: AbortSignal.timeout(5000),
      });
      return [...need(state.receiver).received];
    },
    /** The stored password column: sealed, never the secret as written. */
    async storedPassword(type: string): Promise<string | null> {
      const found = await need(state.app).database.db.pool.query<{ password: string | null }>(
        'select password from connections where type = $1',
        [type],
      );
      return found.rows[0]?.password ?? null;
    },
  };
  return harness;
}

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the delivery harness has not started');
  return value;
}

export const json = (body: string): unknown => JSON.parse(body);
export const form = (body: string) => Object.fromEntries(new URLSearchParams(body));
export const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;
export const text = `*${message.title}*\n${message.body}`;
