import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useIncidentsApp } from './incidents-harness.ts';

const ctx = useIncidentsApp();
const firstId = (json: unknown): string =>
  z.array(z.object({ id: z.string() })).parse(json)[0]?.id ?? '';

/** One write per endpoint, built for a fresh incident. */
const writes: Record<string, (incident: string, root: string) => { path: string; body: unknown }> =
  {
    incidents: () => ({ path: '/api/db/incidents', body: { title: 'Role test', severity: 'low' } }),
    hypotheses: (incident, root) => ({
      path: '/api/db/hypotheses',
      body: { incident_id: incident, parent_id: root, title: 'Role test' },
    }),
    evidences: (_incident, root) => ({
      path: '/api/db/evidences',
      body: { hypothesisId: root, type: 'comment', description: 'Role test' },
    }),
    comments: (_incident, root) => ({
      path: '/api/db/comments',
      body: { hypothesis_id: root, comment: 'Role test' },
    }),
    responders: (incident) => ({
      path: '/api/db/responders',
      body: {
        incident_id: incident,
        type: 'person',
        person_id: '00000000-0000-0000-0000-0000000000aa',
      },
    }),
  };
const table = (path: string) => path.replace('/api/db/', '');

describe.each(Object.entries(writes))('POST %s', (_name, write) => {
  it.each(['admin', 'editor', 'commander', 'responder'] as const)(
    'lets a %s write',
    async (role) => {
      const { id, root } = await ctx.incident();
      const { path, body } = write(id, root);
      const answer = await ctx.as(role, 'POST', path, body);
      expect(answer.status).toBe(201);
      expect(firstId(answer.json)).not.toBe('');
    },
  );

  it.each(['viewer', 'anonymous'] as const)('refuses a %s and writes nothing', async (role) => {
    const { id, root } = await ctx.incident();
    const { path, body } = write(id, root);
    const before = await ctx.count(table(path));
    const answer = await ctx.as(role, 'POST', path, body);
    expect([401, 403]).toContain(answer.status);
    expect(await ctx.count(table(path))).toBe(before);
  });

  it('lets a viewer read', async () => {
    const { id, root } = await ctx.incident();
    const answer = await ctx.as('viewer', 'GET', `${write(id, root).path}?limit=1`);
    expect(answer.status).toBe(200);
  });
});

describe('commander and responder write incident work only', () => {
  it.each(['commander', 'responder'] as const)('refuses a %s an incident rule', async (role) => {
    const rule = await ctx.as(role, 'POST', '/api/db/incident_rules', { name: 'x', spec: {} });
    expect(rule.status).toBe(403);
  });
});

describe('the views', () => {
  it('lists incidents with responders and by component', async () => {
    const { id, root } = await ctx.incident('Viewed');
    await ctx.as('commander', 'POST', '/api/db/responders', {
      incident_id: id,
      type: 'person',
      person_id: '00000000-0000-0000-0000-0000000000aa',
    });
    const [component] = await ctx.query(
      z.object({ id: z.string() }),
      `insert into components (name, type) values ('api', 'service') returning id`,
    );
    await ctx.as('commander', 'POST', '/api/db/evidences', {
      hypothesisId: root,
      type: 'topology',
      component_id: component?.id,
    });
    const summary = await ctx.as('viewer', 'GET', `/api/db/incident_summary?id=eq.${id}`);
    expect(summary.json).toMatchObject([
      {
        title: 'Viewed',
        commander: { name: 'Test Commander' },
        responders: [{ type: 'person', name: 'Test Commander' }],
      },
    ]);
    const byComponent = await ctx.as(
      'viewer',
      'GET',
      `/api/db/incidents_by_component?component_id=eq.${component?.id}`,
    );
    expect(byComponent.json).toMatchObject([{ id, title: 'Viewed' }]);
    const detail = await ctx.as(
      'viewer',
      'GET',
      `/api/db/incidents?id=eq.${id}&select=*,commander:commander_id(id,name),hypotheses(*,evidences(*),comments(*)),responders(*)`,
    );
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject([
      { commander: { name: 'Test Commander' }, hypotheses: [{ type: 'root' }] },
    ]);
  });
});
