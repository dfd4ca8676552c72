import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { at } from '../kube-api/helpers.ts';
import { usePlaybookApi } from './api-context.ts';

const pb = usePlaybookApi();
const { kube } = pb;

describe('webhook trigger', () => {
  it('starts a run with basic auth and refuses bad credentials', async () => {
    const created = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: pb.admin.token,
      body: {
        name: 'on-webhook',
        spec: {
          on: {
            webhook: {
              path: 'my-hook',
              authentication: { basic: { username: { value: 'u' }, password: { value: 'p' } } },
            },
          },
          actions: [
            {
              name: 'echo',
              exec: { script: 'echo "Hello {{.request.params.name}} {{.request.json.x}}"' },
            },
          ],
        },
      },
    });
    expect(created.status).toBe(201);
    const url = `${kube.app().baseUrl}/api/playbook/webhook/my-hook?name=world`;
    const refused = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('u:wrong').toString('base64')}` },
    });
    expect(refused.status).toBe(401);
    const accepted = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('u:p').toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ x: 42 }),
    });
    expect(accepted.status).toBe(201);
    const runId = z.object({ run_id: z.string() }).parse(await accepted.json()).run_id;
    expect(await pb.waitFor(runId, ['completed', 'failed'])).toBe('completed');
    const actions = await kube.request(`/api/playbook/run/${runId}/actions`, {
      token: pb.viewer.token,
    });
    expect(at(actions.json, 0, 'result', 'stdout')).toBe('Hello world 42\n');
    const missing = await fetch(`${kube.app().baseUrl}/api/playbook/webhook/nope`, {
      method: 'POST',
    });
    expect(missing.status).toBe(404);
  });
});

describe('event and schedule triggers', () => {
  it('a config.updated event starts a run of the playbook whose filter matches', async () => {
    const created = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: pb.admin.token,
      body: {
        name: 'on-config-change',
        spec: {
          on: { config: [{ event: 'updated', filter: 'config.name == "db-1"' }] },
          actions: [{ name: 'echo', exec: { script: 'echo changed {{.config.name}}' } }],
        },
      },
    });
    expect(created.status).toBe(201);
    expect(await kube.query(`select event from playbook_event_triggers`)).toEqual([
      { event: 'config.updated' },
    ]);
    const [other] = await kube.query<{ id: string }>(
      `insert into config_items (name, type, config_class) values ('db-2', 'Kubernetes::Namespace', 'Namespace') returning id`,
    );
    kube
      .app()
      .api.workers.find((worker) => worker.name === 'event consumers')
      ?.start();
    const sent = Date.now();
    await kube.query(
      `insert into event_queue (name, event_id, properties) values
         ('config.updated', $1, jsonb_build_object('config_id', $1::text)),
         ('config.updated', $2, jsonb_build_object('config_id', $2::text))`,
      [pb.configId, other?.id],
    );
    let runs: Array<{ id: string; config_id: string; trigger: string }> = [];
    while (runs.length === 0 && Date.now() - sent < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      runs = await kube.query(
        `select r.id, r.config_id, r.trigger from playbook_runs r join playbooks p on p.id = r.playbook_id
         where p.name = 'on-config-change'`,
      );
    }
    expect(runs).toMatchObject([{ config_id: pb.configId, trigger: 'event' }]);
    expect(await pb.waitFor(runs[0]?.id ?? '', ['completed', 'failed'])).toBe('completed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      await kube.query(
        `select 1 from playbook_runs r join playbooks p on p.id = r.playbook_id where p.name = 'on-config-change'`,
      ),
    ).toHaveLength(1);
  });

  it('a schedule starts runs with its parameters and moves to the next slot', async () => {
    const created = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: pb.admin.token,
      body: {
        name: 'on-schedule',
        spec: {
          parameters: [{ name: 'who' }],
          on: { schedule: [{ schedule: '@every 1h', parameters: { who: 'cron' } }] },
          actions: [{ name: 'echo', exec: { script: 'echo hi {{.params.who}}' } }],
        },
      },
    });
    expect(created.status).toBe(201);
    const [slot] = await kube.query<{ next_runtime: Date }>(
      `select next_runtime from playbook_schedules`,
    );
    expect((slot?.next_runtime.getTime() ?? 0) - Date.now()).toBeGreaterThan(3_500_000);
    await kube.query(`update playbook_schedules set next_runtime = now() - interval '1 second'`);
    const worker = kube.app().api.workers.find((w) => w.name === 'playbook schedules');
    const tick =
      worker && 'tick' in worker && typeof worker.tick === 'function' ? worker.tick : undefined;
    expect(await tick?.()).toBe(1);
    expect(await tick?.()).toBe(0);
    const [run] = await kube.query<{ id: string; trigger: string; parameters: unknown }>(
      `select r.id, r.trigger, r.parameters from playbook_runs r join playbooks p on p.id = r.playbook_id where p.name = 'on-schedule'`,
    );
    expect(run).toMatchObject({ trigger: 'schedule', parameters: { who: 'cron' } });
    expect(await pb.waitFor(run?.id ?? '', ['completed', 'failed'])).toBe('completed');
  });
});

describe('check.failed trigger', () => {
  it('a failing check starts a run of the playbook listening to it within 5 s', async () => {
    const created = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: pb.admin.token,
      body: {
        name: 'on-check-failed',
        spec: {
          on: { canary: [{ event: 'failed', labels: { team: 'sre' } }] },
          actions: [{ name: 'echo', exec: { script: 'echo {{.check.name}} failed' } }],
        },
      },
    });
    expect(created.status).toBe(201);
    const [canary] = await kube.query<{ id: string }>(
      `insert into canaries (name, spec) values ('probes', '{}') returning id`,
    );
    const [check, other] = await kube.query<{ id: string }>(
      `insert into checks (canary_id, type, name, labels) values
         ($1, 'http', 'api-probe', '{"team": "sre"}'), ($1, 'http', 'other-probe', '{"team": "web"}')
       returning id`,
      [canary?.id],
    );
    const sent = Date.now();
    await kube.query(
      `insert into event_queue (name, event_id, properties) values
         ('check.failed', $1 || '/1', jsonb_build_object('id', $1::text, 'status', 'unhealthy')),
         ('check.failed', $2 || '/1', jsonb_build_object('id', $2::text, 'status', 'unhealthy'))`,
      [check?.id, other?.id],
    );
    let runs: Array<{ id: string; check_id: string }> = [];
    while (runs.length === 0 && Date.now() - sent < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      runs = await kube.query(
        `select r.id, r.check_id from playbook_runs r join playbooks p on p.id = r.playbook_id
         where p.name = 'on-check-failed'`,
      );
    }
    expect(runs).toMatchObject([{ check_id: check?.id }]);
    expect(await pb.waitFor(runs[0]?.id ?? '', ['completed', 'failed'])).toBe('completed');
  });
});
