import type { Redis, RedisOptions } from 'ioredis';
import { z } from 'zod';
import { CheckTimeoutError, closeGracefully, runBudget, untilAborted } from './abortable.ts';
import {
  CheckConfigError,
  commonCheckFields,
  defineCheckType,
  envVar,
  errorText,
  failed,
} from './check-type.ts';
import { resolveTarget, sanitizeEndpoint, type Target } from './connection-target.ts';
import { lazyModule } from '../../../platform/lazy-module.ts';
import { clientTls, switchableTlsSpec, tlsEnabled, type ClientTls } from './tls-config.ts';

const ioredis = lazyModule(() => import('ioredis'));

const redisCheck = z
  .object({
    ...commonCheckFields,
    url: z.string().min(1).optional(),
    /** canary-checker's older `host:port` form of url. */
    addr: z.string().min(1).optional(),
    db: z.number().int().nonnegative().optional(),
    username: envVar.optional(),
    password: envVar.optional(),
    tlsConfig: switchableTlsSpec
      .optional()
      .describe('TLS: on with enable, insecureSkipVerify, ca or cert (or a rediss:// url)'),
  })
  .strict()
  .refine((c) => c.url !== undefined || c.addr !== undefined || c.connection !== undefined, {
    message: 'needs addr, url or connection',
    path: ['addr'],
  });

/** `spec.redis[]`: AUTH and SELECT on a fresh connection, then PING, expecting PONG. */
export const redisCheckType = defineCheckType({
  type: 'redis',
  schema: redisCheck,
  endpoint: (check) => {
    const raw = check.url ?? check.addr ?? check.connection;
    return raw === undefined ? undefined : sanitizeEndpoint(raw);
  },
  async run(check, ctx) {
    const budget = runBudget(ctx.timeoutMs);
    const target = await resolveTarget({ ...check, url: check.url ?? check.addr }, ctx);
    let tls: ClientTls | undefined;
    try {
      tls = tlsEnabled(check.tlsConfig) ? await clientTls(check.tlsConfig ?? {}, ctx) : undefined;
    } catch (error) {
      return failed(errorText(error));
    }
    const { db, ...options } = redisOptions(target, check.db, tls);
    const driver = await ioredis();
    const client = new driver.Redis({
      ...options,
      connectTimeout: ctx.timeoutMs,
      commandTimeout: budget.left(),
      lazyConnect: true,
      enableReadyCheck: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      reconnectOnError: () => false,
    });
    // connect() rejects with a bare 'Connection is closed.'; the cause arrives as an event.
    let cause: Error | undefined;
    client.on('error', (error: Error) => (cause ??= error));
    let answer: Answer;
    try {
      const work = probe(client, db);
      answer = await untilAborted(work, ctx.signal, ctx.timeoutMs, () => client.disconnect());
    } catch (error) {
      client.disconnect();
      return failed(errorText(error instanceof CheckTimeoutError ? error : (cause ?? error)));
    }
    await closeGracefully(
      () => client.quit(),
      () => client.disconnect(),
    );
    const { pong, elapsed, info } = answer;
    const data = { elapsed, info: info ?? {} };
    if (pong !== 'PONG') return failed(`expected PONG, got ${pong}`, data);
    return { pass: true, message: `PONG in ${elapsed}ms`, data, duration: elapsed };
  },
});

interface Answer {
  readonly pong: string;
  readonly elapsed: number;
  /** INFO needs a permission a monitoring user may lack: then there is none. */
  readonly info: Record<string, string | number> | undefined;
}

async function probe(client: Redis, db: number): Promise<Answer> {
  const started = performance.now();
  await client.connect();
  if (db > 0) await client.select(db);
  const pong: string = await client.ping();
  const elapsed = Math.round(performance.now() - started);
  const info = await client.info().then(parseInfo, () => undefined);
  return { pong, elapsed, info };
}

/** `redis://` / `rediss://` URLs, or canary-checker's plain `host:port`. */
function redisOptions(
  target: Target,
  db: number | undefined,
  tls: ClientTls | undefined,
): RedisOptions & { db: number } {
  const url = target.url.includes('://') ? parseUrl(target.url) : parseUrl(`redis://${target.url}`);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new CheckConfigError(`${url.protocol}// is not a redis URL (redis:// or rediss://)`);
  }
  const pathDb = url.pathname.replace(/^\//, '');
  const hasUser = url.username !== '' || url.password !== '';
  return {
    host: url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: url.port ? Number(url.port) : 6379,
    username: hasUser ? decodeURIComponent(url.username) || undefined : target.username,
    password: hasUser ? decodeURIComponent(url.password) : target.password,
    db: db ?? (pathDb ? Number(pathDb) : 0),
    tls: tls
      ? { ...tls, rejectUnauthorized: tls.rejectUnauthorized && !target.insecureTls }
      : url.protocol === 'rediss:'
        ? { rejectUnauthorized: !target.insecureTls }
        : undefined,
  };
}

function parseUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new CheckConfigError(`${sanitizeEndpoint(text)} is not a valid redis address`);
  }
}

/** INFO's `key:value` lines as one flat record; numbers become numbers for expressions. */
function parseInfo(text: string): Record<string, string | number> {
  const info: Record<string, string | number> = {};
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (line.startsWith('#') || colon < 1) continue;
    const value = line.slice(colon + 1);
    info[line.slice(0, colon)] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return info;
}
