import type pg from 'pg';
import { httpGet } from './http-client.ts';
import type { QueryCase } from './queries.ts';

/**
 * The HTTP body must be exactly the JSON the compiled statement builds, and the agent embed
 * must resolve to an object; otherwise the timings would compare different work.
 */
export async function sameBody(query: QueryCase, baseUrl: string, pool: pg.Pool): Promise<void> {
  const { status, body } = await httpGet(`${baseUrl}${query.path}`, query.headers);
  if (status !== 200 && status !== 206) {
    throw new Error(`GET ${query.path} answered ${status}: ${body.slice(0, 300)}`);
  }
  const direct = await pool.query<{ body: string }>(query.compiled.text, query.compiled.values);
  if (direct.rows[0]?.body !== body)
    throw new Error(`HTTP and SQL bodies differ for ${query.path}`);
  const first: unknown = JSON.parse(body);
  const agent: unknown = Array.isArray(first) && isRecord(first[0]) ? first[0].agent : undefined;
  if (!isRecord(agent) || agent.name !== 'local') {
    throw new Error(`the agent embed did not resolve: ${body.slice(0, 300)}`);
  }
}

export async function explainCompiled(pool: pg.Pool, query: QueryCase): Promise<string> {
  const result = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${query.compiled.text}`,
    query.compiled.values,
  );
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
