import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { at, kubePath, useKubeApp } from '../kube-api/helpers.ts';

const kube = useKubeApp();
type Person = { id: string; token: string };
let admin: Person;
let editor: Person;
let viewer: Person;
let responder: Person;
let configId: string;

const playbookPath = (name = '') =>
  `${kubePath}/apis/mission-control.flanksource.com/v1/namespaces/default/playbooks${name ? `/${name}` : ''}`;

async function waitFor(runId: string, statuses: string[]): Promise<string> {
  const until = Date.now() + 15_000;
  for (;;) {
    const found = await kube.request(`/api/playbook/run/${runId}`, { token: admin.token });
    const status = String(at(found.json, 'status'));
    if (statuses.includes(status)) return status;
    if (Date.now() > until) throw new Error(`run stayed ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  admin = await kube.person(['admin'], 'pb-admin');
  editor = await kube.person(['editor'], 'pb-editor');
  viewer = await kube.person(['viewer'], 'pb-viewer');
  responder = await kube.person(['responder'], 'pb-responder');
  kube
    .app()
    .api.workers.find((worker) => worker.name === 'playbook run engine')
    ?.start();
  const [config] = await kube.query<{ id: string }>(
    `insert into config_items (name, type, config_class) values ('db-1', 'Kubernetes::Namespace', 'Namespace') returning id`,
  );
  configId = config?.id ?? '';
});

const dnsPlaybook = {
  name: 'restart-ns',
  spec: {
    title: 'Restart namespace',
    category: 'Ops',
    configs: [{ types: ['Kubernetes::Namespace'] }],
    parameters: [
      { name: 'target', label: 'Target', required: true, properties: { format: 'dns1123' } },
      { name: 'ns', default: '{{.config.name}}' },
    ],
    actions: [
      { name: 'echo', exec: { script: 'echo restart {{.params.target}} in {{.params.ns}}' } },
    ],
  },
};

describe('writing playbooks', () => {
  it('serves the spec schema', async () => {
    const answer = await kube.request('/api/schemas/playbook-spec.schema.json', {
      token: viewer.token,
    });
    expect(answer.status).toBe(200);
    expect(at(answer.json, 'properties', 'actions', 'type')).toBe('array');
  });

  it('refuses a bad spec through the data API naming the field, and a viewer', async () => {
    const bad = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: editor.token,
      body: { name: 'bad', spec: { actions: [{ name: 'a' }] } },
    });
    expect(bad.status).toBe(400);
    expect(at(bad.json, 'message')).toContain('spec.actions[0] must set exactly one action kind');
    const refused = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: viewer.token,
      body: dnsPlaybook,
    });
    expect(refused.status).toBe(403);
    expect(await kube.query('select 1 from playbooks')).toEqual([]);
  });

  it('creates through the data API with derived columns and the creator from the session', async () => {
    const forged = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: editor.token,
      body: { ...dnsPlaybook, created_by: admin.id },
    });
    expect(at(forged.json, 'message')).toContain('created_by is set by the server');
    const created = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: editor.token,
      body: dnsPlaybook,
    });
    expect(created.status).toBe(201);
    const [row] = await kube.query<{ title: string; category: string; created_by: string }>(
      `select title, category, created_by from playbooks where name = 'restart-ns'`,
    );
    expect(row).toEqual({ title: 'Restart namespace', category: 'Ops', created_by: editor.id });
  });

  it('applies a Playbook through the Kubernetes-style API (kubectl, vigil apply)', async () => {
    const manifest = {
      apiVersion: 'mission-control.flanksource.com/v1',
      kind: 'Playbook',
      metadata: { name: 'from-kubectl', namespace: 'default' },
      spec: { actions: [{ name: 'a', exec: { script: 'true' } }] },
    };
    const created = await kube.request(playbookPath(), {
      method: 'POST',
      token: editor.token,
      body: manifest,
    });
    expect(created.status).toBe(201);
    const read = await kube.request(playbookPath('from-kubectl'), { token: viewer.token });
    expect(at(read.json, 'spec', 'actions', 0, 'name')).toBe('a');
    const bad = await kube.request(playbookPath(), {
      method: 'POST',
      token: editor.token,
      body: {
        ...manifest,
        metadata: { name: 'bad-one', namespace: 'default' },
        spec: { actions: [] },
      },
    });
    expect(bad.status).toBe(400);
    expect(String(at(bad.json, 'message'))).toContain('spec.actions');
  });
});

describe('the run dialog and runs', () => {
  let playbookId: string;
  beforeAll(async () => {
    const [row] = await kube.query<{ id: string }>(
      `select id from playbooks where name = 'restart-ns'`,
    );
    playbookId = row?.id ?? '';
  });

  it('lists the playbooks for a config; refuses without a resource', async () => {
    const list = await kube.request(`/api/playbook/list?config_id=${configId}`, {
      token: viewer.token,
    });
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject([
      { id: playbookId, name: 'restart-ns', title: 'Restart namespace' },
    ]);
    const none = await kube.request('/api/playbook/list', { token: viewer.token });
    expect(none.status).toBe(400);
    const anonymous = await kube.request(`/api/playbook/list?config_id=${configId}`);
    expect(anonymous.status).toBe(401);
  });

  it('evaluates parameter defaults against the resource', async () => {
    const params = await kube.request(`/api/playbook/${playbookId}/params`, {
      method: 'POST',
      token: viewer.token,
      body: { id: playbookId, config_id: configId },
    });
    expect(params.status).toBe(200);
    expect(at(params.json, 'params', 1)).toEqual({
      name: 'ns',
      label: 'ns',
      type: 'text',
      required: false,
      default: 'db-1',
    });
  });

  it('refuses a bad value naming the field, and roles without write on playbook_runs', async () => {
    const bad = await kube.request('/api/playbook/run', {
      method: 'POST',
      token: editor.token,
      body: { id: playbookId, config_id: configId, params: { target: 'Not_DNS' } },
    });
    expect(bad.status).toBe(400);
    expect(at(bad.json, 'message')).toContain('params.target: must consist of lowercase');
    for (const person of [viewer, responder]) {
      const refused = await kube.request('/api/playbook/run', {
        method: 'POST',
        token: person.token,
        body: { id: playbookId, config_id: configId, params: { target: 'ok' } },
      });
      expect(refused.status).toBe(403);
    }
    expect(await kube.query('select 1 from playbook_runs')).toEqual([]);
  });

  it('runs, records who ran it, and shows actions and logs', async () => {
    const started = await kube.request('/api/playbook/run', {
      method: 'POST',
      token: editor.token,
      body: { id: playbookId, config_id: configId, params: { target: 'web' } },
    });
    expect(started.status).toBe(201);
    const runId = String(at(started.json, 'run_id'));
    expect(await waitFor(runId, ['completed', 'failed'])).toBe('completed');
    const detail = await kube.request(`/api/playbook/run/${runId}`, { token: viewer.token });
    expect(detail.json).toMatchObject({
      id: runId,
      playbook_name: 'restart-ns',
      created_by: editor.id,
      trigger: 'manual',
      config_id: configId,
      parameters: { target: 'web', ns: 'db-1' },
      actions: [
        {
          name: 'echo',
          type: 'exec',
          status: 'completed',
          result: { stdout: 'restart web in db-1\n' },
        },
      ],
    });
    const logs = await kube.request(`/api/playbook/run/${runId}/logs`, {
      token: viewer.token,
      accept: 'text/plain',
    });
    expect(logs.text).toContain('## echo (completed)\nrestart web in db-1');
    const list = await kube.request(
      `/api/playbook/runs?playbook_id=${playbookId}&status=completed`,
      { token: viewer.token },
    );
    expect(list.json).toMatchObject({ totalEntries: 1, data: [{ id: runId }] });
    const cancel = await kube.request(`/api/playbook/run/${runId}/cancel`, {
      method: 'POST',
      token: editor.token,
    });
    expect(cancel.status).toBe(409);
    const badId = await kube.request('/api/playbook/run/not-a-uuid', { token: viewer.token });
    expect(badId.status).toBe(400);
  });

  it('approves over HTTP as another person; cancel needs write on playbook_runs', async () => {
    const approval = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: admin.token,
      body: {
        name: 'approved-over-http',
        spec: {
          approval: { approvers: { people: ['pb-viewer'] } },
          actions: [{ name: 'a', exec: { script: 'echo ok' } }],
        },
      },
    });
    expect(approval.status).toBe(201);
    const [row] = await kube.query<{ id: string }>(
      `select id from playbooks where name = 'approved-over-http'`,
    );
    const started = await kube.request('/api/playbook/run', {
      method: 'POST',
      token: editor.token,
      body: { id: row?.id },
    });
    const runId = String(at(started.json, 'run_id'));
    expect(await waitFor(runId, ['pending_approval'])).toBe('pending_approval');
    const cancelRefused = await kube.request(`/api/playbook/run/${runId}/cancel`, {
      method: 'POST',
      token: viewer.token,
    });
    expect(cancelRefused.status).toBe(403);
    const notApprover = await kube.request(`/api/playbook/run/${runId}/approve`, {
      method: 'POST',
      token: editor.token,
      body: {},
    });
    expect(notApprover.status).toBe(403);
    const approved = await kube.request(`/api/playbook/run/${runId}/approve`, {
      method: 'POST',
      token: viewer.token,
      body: {},
    });
    expect(approved.json).toEqual({ status: 'pending' });
    expect(await waitFor(runId, ['completed', 'failed'])).toBe('completed');
  });
});

describe('webhook trigger', () => {
  it('starts a run with basic auth and refuses bad credentials', async () => {
    const created = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: admin.token,
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
    expect(await waitFor(runId, ['completed', 'failed'])).toBe('completed');
    const actions = await kube.request(`/api/playbook/run/${runId}/actions`, {
      token: viewer.token,
    });
    expect(at(actions.json, 0, 'result', 'stdout')).toBe('Hello world 42\n');
    const missing = await fetch(`${kube.app().baseUrl}/api/playbook/webhook/nope`, {
      method: 'POST',
    });
    expect(missing.status).toBe(404);
  });
});

describe('search', () => {
  it('finds playbooks by title', async () => {
    const found = await kube.request('/api/search?q=Restart', { token: viewer.token });
    expect(at(found.json, 'results')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'playbook', title: 'Restart namespace' }),
      ]),
    );
  });
});

describe('event and schedule triggers', () => {
  it('a config.updated event starts a run of the playbook whose filter matches', async () => {
    const created = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: admin.token,
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
      [configId, other?.id],
    );
    let runs: Array<{ id: string; config_id: string; trigger: string }> = [];
    while (runs.length === 0 && Date.now() - sent < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      runs = await kube.query(
        `select r.id, r.config_id, r.trigger from playbook_runs r join playbooks p on p.id = r.playbook_id
         where p.name = 'on-config-change'`,
      );
    }
    expect(runs).toMatchObject([{ config_id: configId, trigger: 'event' }]);
    expect(await waitFor(runs[0]?.id ?? '', ['completed', 'failed'])).toBe('completed');
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
      token: admin.token,
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
    expect(await waitFor(run?.id ?? '', ['completed', 'failed'])).toBe('completed');
  });
});

describe('check.failed trigger', () => {
  it('a failing check starts a run of the playbook listening to it within 5 s', async () => {
    const created = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: admin.token,
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
    expect(await waitFor(runs[0]?.id ?? '', ['completed', 'failed'])).toBe('completed');
  });
});

describe('every endpoint authorises', () => {
  const id = '0190c2a0-0000-7000-8000-000000000009';
  const endpoints: Array<[string, string]> = [
    ['GET', `/api/playbook/list?config_id=${id}`],
    ['POST', `/api/playbook/${id}/params`],
    ['POST', '/api/playbook/run'],
    ['GET', '/api/playbook/runs'],
    ['GET', `/api/playbook/run/${id}`],
    ['GET', `/api/playbook/run/${id}/actions`],
    ['GET', `/api/playbook/run/${id}/logs`],
    ['POST', `/api/playbook/run/${id}/cancel`],
    ['POST', `/api/playbook/run/${id}/approve`],
    ['POST', `/api/playbook/run/${id}/reject`],
  ];
  it.each(endpoints)('%s %s answers 401 without a session', async (method, path) => {
    const body = method === 'POST' ? (path.endsWith('/run') ? { id } : {}) : undefined;
    const answer = await kube.request(path, { method, ...(body ? { body } : {}) });
    expect(answer.status).toBe(401);
  });

  it('reads are open to every role; run and cancel only to admin and editor', async () => {
    const commander = await kube.person(['commander'], 'pb-commander');
    for (const person of [viewer, responder, commander, editor, admin]) {
      const runs = await kube.request('/api/playbook/runs', { token: person.token });
      expect(runs.status).toBe(200);
    }
    for (const person of [viewer, responder, commander]) {
      const run = await kube.request('/api/playbook/run', {
        method: 'POST',
        token: person.token,
        body: { id },
      });
      expect(run.status).toBe(403);
      const cancel = await kube.request(`/api/playbook/run/${id}/cancel`, {
        method: 'POST',
        token: person.token,
      });
      expect(cancel.status).toBe(403);
    }
    const missing = await kube.request('/api/playbook/run', {
      method: 'POST',
      token: admin.token,
      body: { id },
    });
    expect(missing.status).toBe(404);
  });
});
