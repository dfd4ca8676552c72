import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../app.ts';
import { call, startTestApp } from './health-harness.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

const ok = { name: 'ok', url: 'http://127.0.0.1:9/' };

async function canaryCount(): Promise<number> {
  const { rows } = await app.database.db.pool.query<{ n: number }>(
    'select count(*)::int as n from canaries',
  );
  return rows[0]?.n ?? -1;
}

describe('javascript expressions in a canary spec', () => {
  it.each(['test', 'display', 'transform'])(
    'refuses a %s script that does not parse, naming the field, and writes nothing',
    async (field) => {
      const before = await canaryCount();
      const answer = await call(app, 'POST', '/api/db/canaries', 'editor', {
        name: `bad-js-${field}`,
        spec: { http: [{ ...ok, [field]: { javascript: 'var x = ;' } }] },
      });
      expect(answer.status).toBe(400);
      const message = z.object({ message: z.string() }).parse(answer.json).message;
      expect(message).toMatch(
        new RegExp(`^spec\\.http\\[0\\]\\.${field}\\.javascript is not valid: SyntaxError`),
      );
      expect(await canaryCount()).toBe(before);
    },
  );

  it('accepts scripts that parse, without running them', async () => {
    const answer = await call(app, 'POST', '/api/db/canaries', 'editor', {
      name: 'good-js',
      spec: {
        http: [
          {
            ...ok,
            test: { javascript: 'code == 200' },
            display: { javascript: 'while (true) {}' },
            transform: { javascript: 'JSON.stringify(_.map(json, function (r) { return r }))' },
          },
        ],
      },
    });
    expect(answer.status).toBe(201);
  });
});
