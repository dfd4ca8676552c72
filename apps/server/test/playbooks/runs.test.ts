import { beforeAll, describe, expect, it } from 'vitest';
import { at } from '../kube-api/helpers.ts';
import { dnsPlaybook, usePlaybookApi } from './api-context.ts';

const pb = usePlaybookApi();
const { kube } = pb;

describe('the run dialog and runs', () => {
  let playbookId: string;
  beforeAll(async () => {
    const created = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: pb.editor.token,
      body: dnsPlaybook,
    });
    expect(created.status).toBe(201);
    const [row] = await kube.query<{ id: string }>(
      `select id from playbooks where name = 'restart-ns'`,
    );
    playbookId = row?.id ?? '';
  });

  it('lists the playbooks for a config; refuses without a resource', async () => {
    const list = await kube.request(`/api/playbook/list?config_id=${pb.configId}`, {
      token: pb.viewer.token,
    });
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject([
      { id: playbookId, name: 'restart-ns', title: 'Restart namespace' },
    ]);
    const none = await kube.request('/api/playbook/list', { token: pb.viewer.token });
    expect(none.status).toBe(400);
    const anonymous = await kube.request(`/api/playbook/list?config_id=${pb.configId}`);
    expect(anonymous.status).toBe(401);
  });

  it('evaluates parameter defaults against the resource', async () => {
    const params = await kube.request(`/api/playbook/${playbookId}/params`, {
      method: 'POST',
      token: pb.viewer.token,
      body: { id: playbookId, config_id: pb.configId },
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
      token: pb.editor.token,
      body: { id: playbookId, config_id: pb.configId, params: { target: 'Not_DNS' } },
    });
    expect(bad.status).toBe(400);
    expect(at(bad.json, 'message')).toContain('params.target: must consist of lowercase');
    for (const person of [pb.viewer, pb.responder]) {
      const refused = await kube.request('/api/playbook/run', {
        method: 'POST',
        token: person.token,
        body: { id: playbookId, config_id: pb.configId, params: { target: 'ok' } },
      });
      expect(refused.status).toBe(403);
    }
    expect(await kube.query('select 1 from playbook_runs')).toEqual([]);
  });

  it('runs, records who ran it, and shows actions and logs', async () => {
    const started = await kube.request('/api/playbook/run', {
      method: 'POST',
      token: pb.editor.token,
      body: { id: playbookId, config_id: pb.configId, params: { target: 'web' } },
    });
    expect(started.status).toBe(201);
    const runId = String(at(started.json, 'run_id'));
    expect(await pb.waitFor(runId, ['completed', 'failed'])).toBe('completed');
    const detail = await kube.request(`/api/playbook/run/${runId}`, { token: pb.viewer.token });
    expect(detail.json).toMatchObject({
      id: runId,
      playbook_name: 'restart-ns',
      created_by: pb.editor.id,
      trigger: 'manual',
      config_id: pb.configId,
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
      token: pb.viewer.token,
      accept: 'text/plain',
    });
    expect(logs.text).toContain('## echo (completed)\nrestart web in db-1');
    const list = await kube.request(
      `/api/playbook/runs?playbook_id=${playbookId}&status=completed`,
      { token: pb.viewer.token },
    );
    expect(list.json).toMatchObject({ totalEntries: 1, data: [{ id: runId }] });
    const cancel = await kube.request(`/api/playbook/run/${runId}/cancel`, {
      method: 'POST',
      token: pb.editor.token,
    });
    expect(cancel.status).toBe(409);
    const badId = await kube.request('/api/playbook/run/not-a-uuid', { token: pb.viewer.token });
    expect(badId.status).toBe(400);
  });

  it('approves over HTTP as another person; cancel needs write on playbook_runs', async () => {
    const approval = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: pb.admin.token,
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
      token: pb.editor.token,
      body: { id: row?.id },
    });
    const runId = String(at(started.json, 'run_id'));
    expect(await pb.waitFor(runId, ['pending_approval'])).toBe('pending_approval');
    const cancelRefused = await kube.request(`/api/playbook/run/${runId}/cancel`, {
      method: 'POST',
      token: pb.viewer.token,
    });
    expect(cancelRefused.status).toBe(403);
    const notApprover = await kube.request(`/api/playbook/run/${runId}/approve`, {
      method: 'POST',
      token: pb.editor.token,
      body: {},
    });
    expect(notApprover.status).toBe(403);
    const approved = await kube.request(`/api/playbook/run/${runId}/approve`, {
      method: 'POST',
      token: pb.viewer.token,
      body: {},
    });
    expect(approved.json).toEqual({ status: 'pending' });
    expect(await pb.waitFor(runId, ['completed', 'failed'])).toBe('completed');
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
    for (const person of [pb.viewer, pb.responder, commander, pb.editor, pb.admin]) {
      const runs = await kube.request('/api/playbook/runs', { token: person.token });
      expect(runs.status).toBe(200);
    }
    for (const person of [pb.viewer, pb.responder, commander]) {
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
      token: pb.admin.token,
      body: { id },
    });
    expect(missing.status).toBe(404);
  });
});
