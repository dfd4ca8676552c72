import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSearchServer, type SearchServer } from '../fixtures/search-server.ts';
import { runCheck } from './check-context.ts';

let server: SearchServer;

beforeAll(async () => {
  server = await startSearchServer();
});

afterAll(async () => {
  await server?.close();
});

function spec(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    url: `${server.url}/`,
    index: server.index,
    username: { value: server.username },
    password: { value: server.password },
    query: JSON.stringify({ query: { term: { service: 'cart' } } }),
    ...extra,
  };
}

describe('opensearch check', () => {
  it('compares the hit count with results, as elasticsearch does', async () => {
    const outcome = await runCheck('opensearch', spec({ results: 2 }));
    expect(outcome.pass).toBe(true);
    expect(outcome.data.count).toBe(2);
    const wrong = await runCheck('opensearch', spec({ results: 5 }));
    expect(wrong.error).toBe('query returned 2 hits, expected 5');
  });

  it('names opensearch in its errors', async () => {
    const outcome = await runCheck('opensearch', spec({ query: '{"query":{"fuzzy_nope":{}}}' }));
    expect(outcome.invalid).toBe(true);
    expect(outcome.error).toBe(
      'opensearch answered 400: parsing_exception: unknown query [fuzzy_nope]',
    );
  });

  it('refuses a spec without a url or a connection', async () => {
    await expect(runCheck('opensearch', { index: 'logs' })).rejects.toThrow(/url/);
  });
});
