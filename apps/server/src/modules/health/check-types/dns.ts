import { lookup, Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { z } from 'zod';
import {
  commonCheckFields,
  defineCheckType,
  errorText,
  failed,
  type CheckOutcome,
} from './check-type.ts';
import {
  comparable,
  lookupErrorText,
  lookupRecords,
  queryTypes,
  type QueryType,
} from './dns-query.ts';

const dnsCheck = z
  .object({
    ...commonCheckFields,
    server: z.string().min(1).optional(),
    port: z.number().int().min(1).max(65535).optional(),
    query: z.string().min(1, 'is required'),
    querytype: z.string().toUpperCase().pipe(z.enum(queryTypes)).optional(),
    minrecords: z.number().int().nonnegative().optional(),
    exactreply: z.array(z.string()).optional(),
    thresholdMillis: z.number().int().positive().optional(),
  })
  .strict();

type DnsCheck = z.infer<typeof dnsCheck>;

/** `spec.dns[]`: one query to a DNS server (the system's when `server` is unset). */
export const dnsCheckType = defineCheckType({
  type: 'dns',
  schema: dnsCheck,
  endpoint: endpointOf,
  async run(check, ctx) {
    const type = check.querytype ?? 'A';
    const where = endpointOf(check);
    const resolver = new Resolver({ timeout: ctx.timeoutMs, tries: 1 });
    if (check.server !== undefined) {
      let address: string;
      try {
        address = await serverAddress(check.server, ctx.signal);
      } catch (error) {
        return failed(`${where}: cannot resolve server ${check.server}: ${errorText(error)}`);
      }
      const port = check.port ?? 53;
      resolver.setServers([isIP(address) === 6 ? `[${address}]:${port}` : `${address}:${port}`]);
    }
    if (ctx.signal.aborted) return failed(`${where}: no answer within ${ctx.timeoutMs}ms`);
    const cancel = () => resolver.cancel();
    ctx.signal.addEventListener('abort', cancel, { once: true });
    const started = performance.now();
    try {
      const records = await lookupRecords(resolver, type, check.query);
      return judge(check, type, records, elapsedSince(started));
    } catch (error) {
      const elapsed = elapsedSince(started);
      const reason = lookupErrorText(error, type, ctx.timeoutMs);
      return { ...failed(`${where}: ${reason}`, { elapsed }), duration: elapsed };
    } finally {
      ctx.signal.removeEventListener('abort', cancel);
    }
  },
});

function endpointOf(check: DnsCheck): string {
  const base = `${check.querytype ?? 'A'}/${check.query}`;
  if (check.server === undefined) return base;
  return `${base}@${check.server}${check.port === undefined ? '' : `:${check.port}`}`;
}

/** Sub-millisecond answers count as 1ms, as canary-checker rounds them. */
function elapsedSince(started: number): number {
  return Math.max(1, Math.round(performance.now() - started));
}

async function serverAddress(server: string, signal: AbortSignal): Promise<string> {
  if (isIP(server) !== 0) return server;
  signal.throwIfAborted();
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new Error('time limit reached'));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return (await Promise.race([lookup(server), aborted])).address;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function judge(check: DnsCheck, type: QueryType, records: string[], elapsed: number): CheckOutcome {
  const where = endpointOf(check);
  const data = { records, elapsed };
  const fail = (reason: string): CheckOutcome => ({
    pass: false,
    error: `${where}: ${reason}`,
    data,
    duration: elapsed,
  });
  // canary-checker passes an SRV lookup that answers, whatever minrecords or exactreply say.
  const counted = type !== 'SRV';
  if (counted && check.minrecords !== undefined && records.length < check.minrecords) {
    return fail(`returned ${records.length} records, expected at least ${check.minrecords}`);
  }
  if (counted && check.exactreply !== undefined && check.exactreply.length > 0) {
    const got = records.map((r) => comparable(type, r)).sort();
    const expected = check.exactreply.map((r) => comparable(type, r)).sort();
    if (got.length !== expected.length || got.some((r, i) => r !== expected[i])) {
      return fail(`got [${records.join(', ')}], expected [${check.exactreply.join(', ')}]`);
    }
  }
  if (check.thresholdMillis !== undefined && elapsed > check.thresholdMillis) {
    return fail(`answer took ${elapsed}ms, over the ${check.thresholdMillis}ms threshold`);
  }
  return {
    pass: true,
    message: `got [${records.join(', ')}] in ${elapsed}ms`,
    data,
    duration: elapsed,
  };
}
