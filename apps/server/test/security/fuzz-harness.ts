import fc from 'fast-check';
import type pg from 'pg';
import { expect } from 'vitest';

/** Fixed so that a failure replays; FUZZ_SEED and FUZZ_RUNS explore further without an edit. */
export const fuzzSeed = Number(process.env.FUZZ_SEED ?? 20_260_310);

export function fuzzRuns(fallback: number): number {
  return Number(process.env.FUZZ_RUNS ?? fallback);
}

/** Values planted in secret columns; no answer may ever contain one. */
export const sentinelSecrets = [
  'SECRET-PW-7f3a',
  'SECRET-CERT-7f3a',
  'SECRET-CRED-7f3a',
  'SECRET-TOKEN-7f3a',
] as const;
const [password, certificate, credential, tokenHash] = sentinelSecrets;

/**
 * A connection, an identity and its session whose secret columns hold the sentinels, and a
 * table that no request may reach. Call it after any first-account registration.
 */
export async function plantSecrets(pool: pg.Pool): Promise<void> {
  await pool.query(`
    insert into connections (name, type, url, password, certificate)
      values ('fuzz-sentinel', 'postgres', 'postgres://sentinel', '${password}', '${certificate}');
    with planted as (
      insert into identities (traits, credentials, metadata_admin)
        values ('{"email": "sentinel@example.com"}', '{"password": "${credential}"}',
                '{"k": "${credential}"}')
        returning id)
    insert into sessions (identity_id, token_hash, expires_at)
      select id, '${tokenHash}', now() + interval '1 day' from planted;
    create table fuzz_sentinel (x int);
    insert into fuzz_sentinel values (1);`);
}

export interface WriteWatchOptions {
  /** Bookkeeping that refused requests may write (flows, flow errors). */
  readonly ignore?: readonly string[];
  /** Rows that reads touch (last seen, last used): only their number is watched. */
  readonly countOnly?: readonly string[];
}

/**
 * A digest of every table: any committed write adds or removes a row or leaves a row version
 * with a newer xmin, so equal digests before and after a request mean it wrote nothing.
 */
export async function watchWrites(
  pool: pg.Pool,
  options: WriteWatchOptions = {},
): Promise<() => Promise<string>> {
  const { rows } = await pool.query<{ name: string }>(`
    select relname as name from pg_class
    where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and not relispartition
    order by relname`);
  const watched = rows.filter(({ name }) => !options.ignore?.includes(name));
  const sql = `select ${watched
    .map(({ name }) =>
      options.countOnly?.includes(name)
        ? `(select count(*)::text from "${name}")`
        : `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from "${name}")`,
    )
    .join(` || '|' || `)} as digest`;
  return async () => {
    const result = await pool.query<{ digest: string }>(sql);
    return result.rows[0]?.digest ?? '';
  };
}

/** What the catalogue of the database looks like, to prove no statement reached DDL. */
export async function schemaDigest(pool: pg.Pool): Promise<unknown> {
  const { rows } = await pool.query(`
    select (select count(*)::int from pg_class where relnamespace = 'public'::regnamespace) as relations,
           (select count(*)::int from pg_proc where pronamespace = 'public'::regnamespace) as functions,
           (select count(*)::int from pg_roles) as roles,
           (select count(*)::int from schema_migrations) as migrations,
           (select array_agg(x)::text from fuzz_sentinel) as sentinel`);
  return rows[0];
}

/** Percent-encodes every UTF-8 byte, so that even lone surrogates make a valid URL. */
export function encodeBytes(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');
}

export interface RawRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Uint8Array;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

export async function sendRaw(input: RawRequest): Promise<Answer> {
  const hasBody = input.body !== undefined && input.method !== 'GET' && input.method !== 'HEAD';
  const response = await fetch(input.url, {
    method: input.method,
    headers: input.headers,
    redirect: 'manual',
    ...(hasBody ? { body: input.body } : {}),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The request as a failure message can show it, with long bodies cut. */
export function describeRaw(input: RawRequest): string {
  const body =
    typeof input.body === 'string'
      ? input.body
      : input.body
        ? Buffer.from(input.body).toString('latin1')
        : '';
  const cut = body.length > 300 ? `${body.slice(0, 300)}… (${body.length} chars)` : body;
  return `${input.method} ${input.url} ${JSON.stringify(input.headers)} body=${cut}`;
}

/** No 5xx, no secret in the body or the headers, and no pollution of the server's prototypes. */
export function expectSafeAnswer(answer: Answer, context: string, secrets: readonly string[]) {
  const where = `${answer.status} ${context} → ${answer.text.slice(0, 300)}`;
  expect(answer.status < 500, where).toBe(true);
  const headers = [...answer.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  for (const secret of secrets) {
    expect(answer.text.includes(secret), `${where} leaks ${secret}`).toBe(false);
    expect(headers.includes(secret), `${where} leaks ${secret} in a header`).toBe(false);
  }
  expect(Object.keys(Object.prototype), where).toEqual([]);
  expect(Object.keys(Array.prototype), where).toEqual([]);
}

export interface SurfaceFuzz<T> {
  readonly name: string;
  readonly input: fc.Arbitrary<T>;
  readonly runs: number;
  readonly toRequest: (input: T) => RawRequest;
  /** Read at every answer: some secrets (links, tokens) appear while the fuzz runs. */
  readonly secrets: () => readonly string[];
  readonly digest: () => Promise<string>;
  /** Inputs always sent before the generated ones: known attacks that must stay covered. */
  readonly examples?: readonly T[];
}

/**
 * Sends every generated request and asserts each answer: below 500, no secret, no polluted
 * prototype, and no write when refused (4xx). Answers how many requests had each status.
 */
export async function fuzzSurface<T>(fuzz: SurfaceFuzz<T>): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let before = await fuzz.digest();
  await fc.assert(
    fc.asyncProperty(fuzz.input, async (input) => {
      const request = fuzz.toRequest(input);
      const answer = await sendRaw(request);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      const context = describeRaw(request);
      expectSafeAnswer(answer, context, fuzz.secrets());
      const after = await fuzz.digest();
      if (answer.status >= 400) expect(after, `${answer.status} ${context} wrote`).toBe(before);
      before = after;
    }),
    {
      seed: fuzzSeed,
      numRuns: fuzz.runs,
      examples: (fuzz.examples ?? []).map((example): [T] => [example]),
    },
  );
  const total = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  console.info(`${fuzz.name}: ${total} requests, by status ${JSON.stringify(statuses)}`);
  return statuses;
}
