import { describe, expect, it } from 'vitest';
import { at } from '../kube-api/helpers.ts';
import { dnsPlaybook, playbookPath, usePlaybookApi } from './api-context.ts';

const pb = usePlaybookApi();
const { kube } = pb;

describe('writing playbooks', () => {
  it('serves the spec schema', async () => {
    const answer = await kube.request('/api/schemas/playbook-spec.schema.json', {
      token: pb.viewer.token,
    });
    expect(answer.status).toBe(200);
    expect(at(answer.json, 'properties', 'actions', 'type')).toBe('array');
  });

  it('refuses a bad spec through the data API naming the field, and a viewer', async () => {
    const bad = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: pb.editor.token,
      body: { name: 'bad', spec: { actions: [{ name: 'a' }] } },
    });
    expect(bad.status).toBe(400);
    expect(at(bad.json, 'message')).toContain('spec.actions[0] must set exactly one action kind');
    const refused = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: pb.viewer.token,
      body: dnsPlaybook,
    });
    expect(refused.status).toBe(403);
    expect(await kube.query('select 1 from playbooks')).toEqual([]);
  });

  it('creates through the data API with derived columns and the creator from the session', async () => {
    const forged = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: pb.editor.token,
      body: { ...dnsPlaybook, created_by: pb.admin.id },
    });
    expect(at(forged.json, 'message')).toContain('created_by is set by the server');
    const created = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: pb.editor.token,
      body: dnsPlaybook,
    });
    expect(created.status).toBe(201);
    const [row] = await kube.query<{ title: string; category: string; created_by: string }>(
      `select title, category, created_by from playbooks where name = 'restart-ns'`,
    );
    expect(row).toEqual({ title: 'Restart namespace', category: 'Ops', created_by: pb.editor.id });
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
      token: pb.editor.token,
      body: manifest,
    });
    expect(created.status).toBe(201);
    const read = await kube.request(playbookPath('from-kubectl'), { token: pb.viewer.token });
    expect(at(read.json, 'spec', 'actions', 0, 'name')).toBe('a');
    const bad = await kube.request(playbookPath(), {
      method: 'POST',
      token: pb.editor.token,
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

describe('search', () => {
  it('finds playbooks by title', async () => {
    const found = await kube.request('/api/search?q=Restart', { token: pb.viewer.token });
    expect(at(found.json, 'results')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'playbook', title: 'Restart namespace' }),
      ]),
    );
  });
});
