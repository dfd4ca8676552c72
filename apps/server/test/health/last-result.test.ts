import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.ts';
import { call, createdId, startTarget, startTestApp, type Target } from './health-harness.ts';

let app: TestApp;
let target: Target;

beforeAll(async () => {
  app = await startTestApp();
  target = await startTarget();
});

afterAll(async () => {
  await app.close();
  await target.close();
});

async function latestMessage(checkId: string): Promise<string | null | undefined> {
  const rows = await app.database.db.pool.query<{ message: string | null; error: string | null }>(
    `select message, error from check_statuses where check_id = $1 order by time desc limit 1`,
    [checkId],
  );
  return rows.rows[0]?.message;
}

describe('last_result() in a real engine run', () => {
  it("answers the check's previous recorded result, as canary-checker's map", async () => {
    const created = await call(app, 'POST', '/api/db/canaries', 'editor', {
      name: 'memory',
      namespace: 'prod',
      spec: {
        schedule: '@every 24h',
        http: [
          {
            name: 'flip',
            url: `${target.url}/`,
            display: {
              expr:
                "'before=' + string(last_result().status) + '/' + last_result().message + " +
                "'/' + string(last_result().duration >= 0) + '/' + string(size(last_result().results))",
            },
          },
        ],
      },
    });
    const canaryId = createdId(created);
    const rows = await app.database.db.pool.query<{ id: string }>(
      `select id from checks where canary_id = $1`,
      [canaryId],
    );
    const checkId = rows.rows[0]?.id ?? '';
    const first = await call(app, 'POST', `/api/canary/run/check/${checkId}`, 'editor');
    expect(first.json).toMatchObject({ success: 1 });
    expect(await latestMessage(checkId)).toBe('before=//true/0');
    const second = await call(app, 'POST', `/api/canary/run/check/${checkId}`, 'editor');
    expect(second.json).toMatchObject({ success: 1 });
    expect(await latestMessage(checkId)).toMatch(/^before=true\/before=\/\/true\/0\/true\/[1-9]/);
    target.status = 500;
    await call(app, 'POST', `/api/canary/run/check/${checkId}`, 'editor');
    target.status = 200;
    await call(app, 'POST', `/api/canary/run/check/${checkId}`, 'editor');
    expect(await latestMessage(checkId)).toMatch(/^before=false\//);
  });
});
