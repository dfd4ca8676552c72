import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messageOf, testPersonId, useIncidentsApp } from './incidents-harness.ts';

const ctx = useIncidentsApp();

const incidentRow = z.object({
  id: z.string(),
  incident_id: z.string(),
  status: z.string(),
  severity: z.string(),
  type: z.string(),
  created_by: z.string().nullable(),
  commander_id: z.string().nullable(),
  communicator_id: z.string().nullable(),
});
const historyRow = z.object({ type: z.string(), description: z.string().nullable() });
const history = (incident: string) =>
  ctx.query(
    historyRow,
    'select type, description from incident_histories where incident_id = $1 order by created_at, id',
    [incident],
  );
const statusOf = async (incident: string) =>
  (
    await ctx.query(
      z.object({ status: z.string() }),
      'select status from incidents where id = $1',
      [incident],
    )
  )[0]?.status;

describe('creating an incident', () => {
  it('defaults status and type, makes the creator commander and communicator, adds a root', async () => {
    const created = await ctx.as('commander', 'POST', '/api/db/incidents', {
      title: 'Payments slow',
      severity: 'low',
    });
    expect(created.status).toBe(201);
    const [row] = z.array(incidentRow).parse(created.json);
    expect(row).toMatchObject({
      status: 'open',
      type: 'availability',
      severity: 'low',
      created_by: testPersonId,
      commander_id: testPersonId,
      communicator_id: testPersonId,
    });
    expect(row?.incident_id).toMatch(/^INC\d{7}$/);
    const roots = await ctx.query(
      z.object({ type: z.string(), status: z.string(), title: z.string() }),
      'select type, status, title from hypotheses where incident_id = $1',
      [row?.id],
    );
    expect(roots).toEqual([{ type: 'root', status: 'possible', title: 'Payments slow' }]);
    expect(await history(row?.id ?? '')).toEqual([
      { type: 'incident.created', description: 'Payments slow' },
    ]);
  });

  it.each([
    ['a missing severity', { title: 'x' }, 'severity is required'],
    ['an unknown severity', { title: 'x', severity: 'huge' }, 'severity must be one of'],
    ['an empty title', { title: ' ', severity: 'low' }, 'title is required'],
    ['an unknown status', { title: 'x', severity: 'low', status: 'done' }, 'status must be one of'],
    ['an unknown type', { title: 'x', severity: 'low', type: 'vibes' }, 'type must be one of'],
    [
      'another creator',
      { title: 'x', severity: 'low', created_by: '00000000-0000-0000-0000-000000000001' },
      'created_by',
    ],
  ])('refuses %s and writes nothing', async (_name, body, message) => {
    const before = [
      await ctx.count('incidents'),
      await ctx.count('hypotheses'),
      await ctx.count('incident_histories'),
    ];
    const answer = await ctx.as('commander', 'POST', '/api/db/incidents', body);
    expect(answer.status).toBe(400);
    expect(messageOf(answer.json)).toContain(message);
    expect([
      await ctx.count('incidents'),
      await ctx.count('hypotheses'),
      await ctx.count('incident_histories'),
    ]).toEqual(before);
  });
});

describe('status transitions (spec 002 §4)', () => {
  it('follows the table and logs each change', async () => {
    const { id } = await ctx.incident();
    for (const status of ['investigating', 'mitigated', 'open', 'resolved', 'closed', 'open']) {
      const answer = await ctx.as('responder', 'PATCH', `/api/db/incidents?id=eq.${id}`, {
        status,
      });
      expect(answer.status, status).toBe(200);
    }
    const entries = (await history(id)).filter((entry) => entry.type === 'incident.status_updated');
    expect(entries.map((entry) => entry.description)).toEqual([
      'open → investigating',
      'investigating → mitigated',
      'mitigated → open',
      'open → resolved',
      'resolved → closed',
      'closed → open',
    ]);
  });

  it.each([
    ['closed', 'investigating', 'closed, open'],
    ['resolved', 'mitigated', 'resolved, closed, open'],
    ['investigating', 'open', 'investigating, mitigated, resolved, closed'],
    ['open', 'new', 'open, investigating, mitigated, resolved, closed'],
  ])(
    'refuses %s → %s naming the allowed statuses, and writes nothing',
    async (from, to, allowed) => {
      const { id } = await ctx.incident();
      await ctx.query(z.unknown(), 'update incidents set status = $2 where id = $1', [id, from]);
      const before = await history(id);
      const answer = await ctx.as('commander', 'PATCH', `/api/db/incidents?id=eq.${id}`, {
        status: to,
      });
      expect(answer.status).toBe(400);
      expect(messageOf(answer.json)).toBe(
        `status cannot change from ${from} to ${to}; allowed: ${allowed}`,
      );
      expect(await statusOf(id)).toBe(from);
      expect(await history(id)).toEqual(before);
    },
  );

  it('lets a new incident move anywhere', async () => {
    const { id } = await ctx.incident();
    await ctx.query(z.unknown(), `update incidents set status = 'new' where id = $1`, [id]);
    const answer = await ctx.as('commander', 'PATCH', `/api/db/incidents?id=eq.${id}`, {
      status: 'closed',
    });
    expect(answer.status).toBe(200);
    expect(await statusOf(id)).toBe('closed');
  });

  it('saves title, type and severity without a status entry', async () => {
    const { id } = await ctx.incident();
    const answer = await ctx.as('commander', 'PATCH', `/api/db/incidents?id=eq.${id}`, {
      title: 'Renamed',
      type: 'security',
      severity: 'critical',
    });
    expect(answer.status).toBe(200);
    expect((await history(id)).map((entry) => entry.type)).toEqual(['incident.created']);
  });

  it('refuses the changelog to clients', async () => {
    const { id } = await ctx.incident();
    const answer = await ctx.as('admin', 'POST', '/api/db/incident_histories', {
      incident_id: id,
      type: 'incident.created',
    });
    expect(answer.status).toBe(405);
    const read = await ctx.as('viewer', 'GET', `/api/db/incident_histories?incident_id=eq.${id}`);
    expect(read.status).toBe(200);
  });
});
