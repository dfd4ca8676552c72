import type { Role } from '@vigil/domain';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../app.ts';
import { call, type Call } from '../health/health-harness.ts';

/** The person the test actor header signs in as (test/app.ts). */
export const testPersonId = '00000000-0000-0000-0000-0000000000aa';

export interface IncidentsContext {
  app(): TestApp;
  as(role: Role | 'anonymous', method: string, path: string, body?: unknown): Promise<Call>;
  query<T extends z.ZodType>(schema: T, text: string, values?: unknown[]): Promise<z.infer<T>[]>;
  count(table: string, where?: string, values?: unknown[]): Promise<number>;
  /** Creates an incident as a commander and answers its id and root hypothesis. */
  incident(title?: string): Promise<{ id: string; root: string }>;
}

const idRow = z.object({ id: z.string() });

export function useIncidentsApp(): IncidentsContext {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp({ modules: ['incidents'] });
    await app.database.db.pool.query(
      `insert into people (id, name, email) values ($1, 'Test Commander', 'commander@example.com')`,
      [testPersonId],
    );
  });
  afterAll(async () => {
    await app?.close();
  });
  const current = (): TestApp => {
    if (!app) throw new Error('the app starts in beforeAll');
    return app;
  };
  const query: IncidentsContext['query'] = async (schema, text, values = []) => {
    const result = await current().database.db.pool.query(text, values);
    return result.rows.map((row) => schema.parse(row));
  };
  return {
    app: current,
    as: (role, method, path, body) => call(current(), method, path, role, body),
    query,
    async count(table, where = 'true', values = []) {
      const rows = await query(
        z.object({ n: z.number() }),
        `select count(*)::int as n from ${table} where ${where}`,
        values,
      );
      return rows[0]?.n ?? 0;
    },
    async incident(title = 'Checkout is down') {
      const created = await call(current(), 'POST', '/api/db/incidents', 'commander', {
        title,
        severity: 'high',
      });
      if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.json)}`);
      const [row] = z.array(idRow).parse(created.json);
      const id = row?.id ?? '';
      const [root] = await query(
        idRow,
        `select id from hypotheses where incident_id = $1 and type = 'root'`,
        [id],
      );
      return { id, root: root?.id ?? '' };
    },
  };
}

export const messageOf = (json: unknown): string =>
  z.object({ message: z.string() }).catch({ message: '' }).parse(json).message;
