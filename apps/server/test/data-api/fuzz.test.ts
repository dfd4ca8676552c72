import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReadRequest } from '../../src/data-api/parsing/request-parser.ts';
import { ApiError } from '../../src/platform/errors.ts';
import { testActorHeader } from '../app.ts';
import { request, type FuzzRequest } from './fuzz-arbitraries.ts';
import {
  encodeBytes,
  fuzzRuns,
  fuzzSeed,
  plantSecrets,
  schemaDigest as catalogueDigest,
  sentinelSecrets,
  watchWrites,
} from '../security/fuzz-harness.ts';
import { deepNesting, fillHole, hole, nestedJson } from '../security/hostile-bodies.ts';
import { isRow, startDataApi, type DataApiTestContext } from './helpers.ts';

const seed = fuzzSeed;
const parserRuns = 2_000;
const httpRuns = fuzzRuns(2_500);
const secrets = sentinelSecrets;
const maxUrlLength = 14_000;
const writeMethods: ReadonlySet<string> = new Set(['POST', 'PATCH', 'DELETE', 'PUT']);

let api: DataApiTestContext;
let snapshot: () => Promise<string>;
let schemaBefore: unknown;
let lastSnapshot: unknown;

beforeAll(async () => {
  api = await startDataApi();
  await plantSecrets(api.database.db.pool);
  await api.query(`
    update connections set password = '${secrets[0]}', certificate = '${secrets[1]}';
    update identities set credentials = '{"password": "${secrets[2]}"}', metadata_admin = '{"k": "${secrets[2]}"}';
    insert into sessions (identity_id, token_hash, expires_at)
      select id, '${secrets[3]}-' || id, now() + interval '1 day' from identities;`);
  snapshot = await watchWrites(api.database.db.pool);
  schemaBefore = await schemaDigest();
  lastSnapshot = await snapshot();
});

afterAll(async () => {
  await api.close();
});

async function schemaDigest(): Promise<unknown> {
  const sessions = await api.query(`select count(*)::int as sessions from sessions`);
  return [await catalogueDigest(api.database.db.pool), sessions];
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
  const headers: Record<string, string> = { ...input.headers };
  if (input.contentType) headers['content-type'] = input.contentType;
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
  return `${input.method} ${urlOf(input)} ${JSON.stringify(input.headers)} role=${input.role ?? 'anonymous'} body=${input.body.toString().slice(0, 300)}`;
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

/** Writes whose JSON value is 5,000 deep: a known attack that must stay covered. */
function deepWrites(): Array<[FuzzRequest]> {
  const body = fillHole({ name: 'deep', labels: hole }, nestedJson(5_000, 'object'));
  return (['POST', 'PATCH'] as const).map((method) => [
    {
      method,
      role: 'admin',
      target: 'canaries',
      params: method === 'PATCH' ? [['name', 'eq.http-canary']] : [],
      headers: {},
      contentType: 'application/json',
      body,
    },
  ]);
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
      { seed, numRuns: httpRuns, examples: deepNesting ? deepWrites() : [] },
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
