import type { MongoClient, MongoClientOptions } from 'mongodb';
import { z } from 'zod';
import { closeGracefully, runBudget, untilAborted } from './abortable.ts';
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

const mongodb = lazyModule(() => import('mongodb'));

const mongodbCheck = z
  .object({
    ...commonCheckFields,
    url: z.string().min(1).optional(),
    username: envVar.optional(),
    password: envVar.optional(),
  })
  // canary-checker's MongoDBCheck is not `Relatable`.
  .omit({ relationships: true })
  .strict()
  .refine((c) => c.url !== undefined || c.connection !== undefined, {
    message: 'needs url or connection',
    path: ['url'],
  });

/** `spec.mongodb[]`: connect (and authenticate) with a fresh client, then `ping` on admin. */
export const mongodbCheckType = defineCheckType({
  type: 'mongodb',
  schema: mongodbCheck,
  endpoint: (check) => {
    const raw = check.url ?? check.connection;
    return raw === undefined ? undefined : sanitizeEndpoint(raw);
  },
  async run(check, ctx) {
    const budget = runBudget(ctx.timeoutMs);
    const target = await resolveTarget(check, ctx);
    const client = createClient((await mongodb()).MongoClient, target, {
      serverSelectionTimeoutMS: budget.left(),
      connectTimeoutMS: ctx.timeoutMs,
      socketTimeoutMS: ctx.timeoutMs,
    });
    const close = () =>
      closeGracefully(
        () => client.close(),
        () => undefined,
      );
    const started = performance.now();
    const work = Promise.race([
      (async () => {
        await client.connect();
        await client.db('admin').command({ ping: 1 });
        return Math.round(performance.now() - started);
      })(),
      seedsUnreachable(client, target.url),
    ]);
    let elapsed: number;
    try {
      elapsed = await untilAborted(work, ctx.signal, ctx.timeoutMs, () => void close());
    } catch (error) {
      await close();
      return failed(errorText(error));
    }
    await close();
    return { pass: true, message: `ping in ${elapsed}ms`, data: { elapsed }, duration: elapsed };
  },
});

/**
 * Rejects once every seed host has failed a heartbeat (refused, reset, unresolvable), so a down
 * server fails at once instead of at the end of server selection. Not for `mongodb+srv`.
 */
function seedsUnreachable(client: MongoClient, url: string): Promise<never> {
  const hosts = /^mongodb:\/\/(?:[^/?#]*@)?([^/?#]+)/i.exec(url)?.[1]?.split(',').length;
  return new Promise<never>((_resolve, reject) => {
    if (hosts === undefined) return;
    const failed = new Set<string>();
    client.on('serverHeartbeatFailed', (event) => {
      failed.add(event.connectionId);
      if (failed.size >= hosts) reject(event.failure);
    });
  });
}

/** One connection, no retries: a probe, not a pool. Credentials in the URL win. */
function createClient(
  Client: typeof MongoClient,
  target: Target,
  timeouts: MongoClientOptions,
): MongoClient {
  if (!/^mongodb(\+srv)?:\/\//i.test(target.url)) {
    throw new CheckConfigError('url must start with mongodb:// or mongodb+srv://');
  }
  const urlHasUser = /^mongodb(\+srv)?:\/\/[^/?#]*@/i.test(target.url);
  const auth =
    !urlHasUser && target.username !== undefined
      ? { auth: { username: target.username, password: target.password } }
      : {};
  try {
    return new Client(target.url, {
      ...timeouts,
      ...auth,
      maxPoolSize: 1,
      retryReads: false,
      retryWrites: false,
      appName: 'vigil-health-check',
      ...(target.insecureTls ? { tlsAllowInvalidCertificates: true } : {}),
    });
  } catch (error) {
    throw new CheckConfigError(`the mongodb url is not valid: ${errorText(error)}`);
  }
}
