import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../src/platform/ports.ts';
import { startSearchServer, type SearchServer } from '../fixtures/search-server.ts';
import { connection, runCheck } from './check-context.ts';

let server: SearchServer;

beforeAll(async () => {
  server = await startSearchServer();
});

afterAll(async () => {
  await server?.close();
});

const errors = JSON.stringify({ query: { match: { level: 'error' } } });

function spec(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    url: server.url,
    index: server.index,
    username: server.username,
    password: { value: server.password },
    query: errors,
    ...extra,
  };
}

describe('elasticsearch check', () => {
  it('passes when the hit count is the expected one, and exposes the answer', async () => {
    server.contentTypes.length = 0;
    const outcome = await runCheck('elasticsearch', spec({ results: 2 }));
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(outcome.message).toBe('2 hits');
    expect(outcome.data.count).toBe(2);
    expect(outcome.data.hits).toEqual([
      expect.objectContaining({ _id: '1', _source: expect.objectContaining({ service: 'cart' }) }),
      expect.objectContaining({ _id: '2' }),
    ]);
    expect(outcome.data.results).toMatchObject({
      took: 1,
      hits: { total: { value: 2, relation: 'eq' } },
    });
    expect(server.contentTypes).toEqual(['application/json']);
  });

  it('fails when the count differs from results', async () => {
    const outcome = await runCheck('elasticsearch', spec({ results: 1 }));
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe('query returned 2 hits, expected 1');
    expect(outcome.data.count).toBe(2);
  });

  it('takes url and credentials from a connection, and searches everything without a query', async () => {
    const connections = {
      'connection://default/es': connection({
        type: 'elasticsearch',
        url: server.url,
        username: server.username,
        password: server.password,
      }),
    };
    const outcome = await runCheck(
      'elasticsearch',
      { connection: 'connection://default/es', index: server.index, results: 3 },
      { connections },
    );
    expect(outcome.pass).toBe(true);
    expect(outcome.data.count).toBe(3);
  });

  it('fails on empty answers when markFailOnEmpty is set', async () => {
    const none = JSON.stringify({ query: { term: { level: 'debug' } } });
    expect((await runCheck('elasticsearch', spec({ query: none }))).pass).toBe(true);
    const outcome = await runCheck('elasticsearch', spec({ query: none, markFailOnEmpty: true }));
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe('query returned no hits');
  });

  it('reports a query the server refuses as invalid, with its error type and reason', async () => {
    const bad = JSON.stringify({ query: { nonsense: {} } });
    const outcome = await runCheck('elasticsearch', spec({ query: bad }));
    expect(outcome.pass).toBe(false);
    expect(outcome.invalid).toBe(true);
    expect(outcome.error).toBe(
      'elasticsearch answered 400: parsing_exception: unknown query [nonsense]',
    );
    const notJson = await runCheck('elasticsearch', spec({ query: '{"query": ' }));
    expect(notJson).toMatchObject({ pass: false, invalid: true, error: 'query is not valid JSON' });
  });

  it('fails on wrong credentials and on a missing index', async () => {
    const denied = await runCheck('elasticsearch', spec({ password: 'wrong' }));
    expect(denied.invalid).toBe(false);
    expect(denied.error).toMatch(
      /^elasticsearch answered 401: security_exception: unable to authenticate/,
    );
    const missing = await runCheck('elasticsearch', spec({ index: 'metrics' }));
    expect(missing.error).toBe(
      'elasticsearch answered 404: index_not_found_exception: no such index [metrics]',
    );
  });

  it('fails with the reason when the server is down', async () => {
    const port = await findFreePort();
    const outcome = await runCheck('elasticsearch', spec({ url: `http://127.0.0.1:${port}` }));
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/^elasticsearch search failed: .*ECONNREFUSED/);
  });
});
