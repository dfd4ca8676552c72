import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReadRequest } from '../../src/data-api/parsing/request-parser.ts';
import { ApiError } from '../../src/platform/errors.ts';
import { testActorHeader } from '../app.ts';
import { request, type FuzzRequest } from './fuzz-arbitraries.ts';
import { isRow, startDataApi, type DataApiTestContext } from './helpers.ts';

/** Fixed so that a failure replays; FUZZ_SEED and FUZZ_RUNS explore further without an edit. */
const seed = Number(process.env.FUZZ_SEED ?? 20_260_310);
const parserRuns = 2_000;
const httpRuns = Number(process.env.FUZZ_RUNS ?? 2_500);
const secrets = ['SECRET-PW-7f3a', 'SECRET-CERT-7f3a', 'SECRET-CRED-7f3a', 'SECRET-TOKEN-7f3a'];
const maxUrlLength = 14_000;
const writeMethods: ReadonlySet<string> = new Set(['POST', 'PATCH', 'DELETE', 'PUT']);

let api: DataApiTestContext;
let snapshotSql = '';
let schemaBefore: unknown;
let lastSnapshot: unknown;

beforeAll(async () => {
  api = await startDataApi();
  await api.query(`
    update connections set password = '${secrets[0]}', certificate = '${secrets[1]}';
    update identities set credentials = '{"password": "${secrets[2]}"}', metadata_admin = '{"k": "${secrets[2]}"}';
    insert into sessions (identity_id, token_hash, expires_at)
      select id, '${secrets[3]}', now() + interval '1 day' from identities;
    create table fuzz_sentinel (x int);
    insert into fuzz_sentinel values (1);`);
  const tables = await api.query<{ name: string }>(`
    select relname as name from pg_class
    where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and not relispartition
    order by relname`);
  // Any committed write adds or removes a row or leaves a row version with a newer xmin.
  snapshotSql = `select ${tables
    .map(
      ({ name }) =>
        `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from "${name}")`,
    )
    .join(` || '|' || `)} as digest`;
  schemaBefore = await schemaDigest();
  lastSnapshot = await snapshot();
});

afterAll(async () => {
  await api.close();
});

async function snapshot(): Promise<unknown> {
  return (await api.query(snapshotSql))[0]?.digest;
}

async function schemaDigest(): Promise<unknown> {
  return api.query(`
    select (select count(*)::int from pg_class where relnamespace = 'public'::regnamespace) as relations,
           (select count(*)::int from pg_proc where pronamespace = 'public'::regnamespace) as functions,
           (select count(*)::int from pg_roles) as roles,
           (select count(*)::int from schema_migrations) as migrations,
           (select count(*)::int from sessions) as sessions,
           (select array_agg(x)::text from fuzz_sentinel) as sentinel`);
}

/** Percent-encodes every UTF-8 byte, so that even lone surrogates make a valid URL. */
function encodeBytes(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');
}

function urlOf(input: FuzzRequest): string {
  const target = input.target.startsWith('raw:')
    ? input.target.slice(4)
    : input.target.startsWith('rpc/')
      ? `rpc/${encodeBytes(input.target.slice(4))}`
      : encodeBytes(input.target);
  const query = new URLSearchParams(input.params).toString();
  return `${api.baseUrl}/api/db/${target}${query ? `?${query}` : ''}`;
}

async function send(input: FuzzRequest) {
  const headers: Record<string, string> = { ...input.headers, 'content-type': 'application/json' };
  if (input.role) headers[testActorHeader] = input.role;
  const hasBody = input.method !== 'GET' && input.method !== 'HEAD';
  const response = await fetch(urlOf(input), {
    method: input.method,
    headers,
    ...(hasBody ? { body: input.body } : {}),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, text: await response.text() };
}

function describeRequest(input: FuzzRequest): string {
  return `${input.method} ${urlOf(input)} ${JSON.stringify(input.headers)} role=${input.role ?? 'anonymous'} body=${input.body.slice(0, 300)}`;
}

function errorShaped(text: string): boolean {
  try {
    const body: unknown = JSON.parse(text);
    return (
      isRow(body) &&
      Object.keys(body).sort().join(',') === 'code,details,hint,message' &&
      typeof body.code === 'string' &&
      typeof body.message === 'string'
    );
  } catch {
    return false;
  }
}

describe('fuzzing the query-string parser', () => {
  it('only ever throws PostgREST 4xx errors', () => {
    fc.assert(
      fc.property(request, (input) => {
        try {
          parseReadRequest(input.params);
        } catch (error) {
          if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500)
            throw error;
        }
      }),
      { seed, numRuns: parserRuns },
    );
  });
});

describe('fuzzing the HTTP data API', () => {
  it('answers 2xx or a PostgREST-shaped 4xx, leaks nothing and writes nothing on failure', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        // Node's HTTP parser answers longer request lines with a bare 431 before Fastify runs.
        fc.pre(urlOf(input).length <= maxUrlLength);
        const write = writeMethods.has(input.method);
        const { status, text } = await send(input);
        const context = `${status} ${describeRequest(input)} → ${text.slice(0, 300)}`;
        expect(status < 500 && status >= 200, context).toBe(true);
        expect(status < 300 || status === 300 || status >= 400, context).toBe(true);
        if (status >= 300 && input.method !== 'HEAD') expect(errorShaped(text), context).toBe(true);
        for (const secret of secrets) expect(text.includes(secret), context).toBe(false);
        if (write) {
          const after = await snapshot();
          if (status >= 300) expect(after, context).toBe(lastSnapshot);
          lastSnapshot = after;
        }
      }),
      { seed, numRuns: httpRuns },
    );
    expect(await schemaDigest()).toEqual(schemaBefore);
    const hidden = await api.query(`
      select (select count(*)::int from connections
              where password is distinct from '${secrets[0]}' and password is not null) as passwords,
             (select count(*)::int from identities
              where credentials::text not like '%${secrets[2]}%') as credentials`);
    expect(hidden).toEqual([{ passwords: 0, credentials: 0 }]);
  }, 120_000);
});
