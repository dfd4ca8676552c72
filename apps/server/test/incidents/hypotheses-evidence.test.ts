import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definitionOfDoneJob, runDefinitionOfDone } from '../../src/modules/incidents/index.ts';
import { runMaintenance } from '../../src/platform/maintenance.ts';
import { messageOf, testPersonId, useIncidentsApp } from './incidents-harness.ts';

const ctx = useIncidentsApp();
const rows = z.array(z.looseObject({ id: z.string() }));
const firstId = (json: unknown): string => rows.parse(json)[0]?.id ?? '';
const types = async (incident: string) =>
  (
    await ctx.query(
      z.object({ type: z.string() }),
      'select type from incident_histories where incident_id = $1 order by created_at, id',
      [incident],
    )
  ).map((row) => row.type);
const statusOf = async (incident: string) =>
  (
    await ctx.query(
      z.object({ status: z.string() }),
      'select status from incidents where id = $1',
      [incident],
    )
  )[0]?.status;

describe('the hypothesis tree', () => {
  it('derives factor then solution from the parent and logs creation and status', async () => {
    const { id, root } = await ctx.incident();
    const factor = await ctx.as('commander', 'POST', '/api/db/hypotheses', {
      incident_id: id,
      parent_id: root,
      title: 'DNS',
      type: 'solution',
    });
    expect(factor.status).toBe(201);
    expect(rows.parse(factor.json)[0]).toMatchObject({ type: 'factor', status: 'possible' });
    const solution = await ctx.as('responder', 'POST', '/api/db/hypotheses', {
      incident_id: id,
      parent_id: firstId(factor.json),
      title: 'Fix TTL',
    });
    expect(rows.parse(solution.json)[0]).toMatchObject({ type: 'solution' });
    const patched = await ctx.as(
      'commander',
      'PATCH',
      `/api/db/hypotheses?id=eq.${firstId(factor.json)}`,
      {
        status: 'disproven',
      },
    );
    expect(patched.status).toBe(200);
    expect(await types(id)).toEqual([
      'incident.created',
      'hypothesis.created',
      'hypothesis.created',
      'hypothesis.status_updated',
    ]);
    const refused = await ctx.as('commander', 'POST', '/api/db/hypotheses', {
      incident_id: id,
      parent_id: firstId(solution.json),
      title: 'Deeper',
    });
    expect(refused.status).toBe(400);
    expect(messageOf(refused.json)).toBe('parent_id: a solution cannot have children');
  });

  it.each([
    ['a parent on another incident', 'parent_id: the hypothesis belongs to another incident'],
    ['an unknown status', 'status must be one of'],
    ['no parent', 'parent_id is required for a factor or solution'],
  ])('refuses %s and writes nothing', async (name, message) => {
    const { id } = await ctx.incident();
    const other = await ctx.incident('Other');
    const body =
      name === 'no parent'
        ? { incident_id: id, title: 'x' }
        : name === 'an unknown status'
          ? { incident_id: id, parent_id: other.root, title: 'x', status: 'maybe' }
          : { incident_id: id, parent_id: other.root, title: 'x' };
    const before = [await ctx.count('hypotheses'), await ctx.count('incident_histories')];
    const answer = await ctx.as('commander', 'POST', '/api/db/hypotheses', body);
    expect(answer.status).toBe(400);
    expect(messageOf(answer.json)).toContain(message);
    expect([await ctx.count('hypotheses'), await ctx.count('incident_histories')]).toEqual(before);
  });

  it('deletes a hypothesis with its comments and evidence in one transaction', async () => {
    const { id, root } = await ctx.incident();
    const factor = firstId(
      (
        await ctx.as('commander', 'POST', '/api/db/hypotheses', {
          incident_id: id,
          parent_id: root,
          title: 'f',
        })
      ).json,
    );
    await ctx.as('commander', 'POST', '/api/db/evidences', {
      hypothesisId: factor,
      type: 'comment',
      description: 'e',
    });
    await ctx.as('commander', 'POST', '/api/db/comments', { hypothesis_id: factor, comment: 'c' });
    expect(await ctx.count('evidences', 'hypothesis_id = $1', [factor])).toBe(1);
    const deleted = await ctx.as('commander', 'DELETE', `/api/db/hypotheses?id=eq.${factor}`);
    expect(deleted.status).toBe(200);
    expect(await ctx.count('evidences', 'hypothesis_id = $1', [factor])).toBe(0);
    expect(await ctx.count('comments', 'hypothesis_id = $1', [factor])).toBe(0);
    expect(await ctx.count('hypotheses', 'id = $1', [factor])).toBe(0);
  });
});

describe('comments', () => {
  it('takes the incident from the hypothesis and accepts mentions of real people', async () => {
    const { id, root } = await ctx.incident();
    const answer = await ctx.as('responder', 'POST', '/api/db/comments', {
      hypothesis_id: root,
      comment: `ask @[Test Commander](user:${testPersonId}) `,
    });
    expect(answer.status).toBe(201);
    expect(rows.parse(answer.json)[0]).toMatchObject({ incident_id: id, created_by: testPersonId });
  });

  it.each([
    [
      'an empty comment',
      (_id: string, root: string) => ({ hypothesis_id: root, comment: '  ' }),
      'comment: Please add comment details',
    ],
    [
      'a hypothesis of another incident',
      (id: string, _root: string, other: string) => ({
        incident_id: id,
        hypothesis_id: other,
        comment: 'x',
      }),
      'hypothesis_id: the hypothesis belongs to another incident',
    ],
    [
      'a mention of nobody',
      (_id: string, root: string) => ({
        hypothesis_id: root,
        comment: '@[Ghost](user:00000000-0000-0000-0000-00000000dead)',
      }),
      'comment: mentions an unknown user',
    ],
  ])('refuses %s and writes nothing', async (_name, body, message) => {
    const { id, root } = await ctx.incident();
    const other = await ctx.incident('Other');
    const before = await ctx.count('comments');
    const answer = await ctx.as(
      'commander',
      'POST',
      '/api/db/comments',
      body(id, root, other.root),
    );
    expect(answer.status).toBe(400);
    expect(messageOf(answer.json)).toContain(message);
    expect(await ctx.count('comments')).toBe(before);
  });
});

describe('definition of done', () => {
  it('resolves the incident when the last item is marked done', async () => {
    const { id, root } = await ctx.incident();
    const evidence = await ctx.as('commander', 'POST', '/api/db/evidences', {
      hypothesis_id: root,
      type: 'comment',
      description: 'Error rate back under 1%',
      definition_of_done: true,
    });
    expect(evidence.status).toBe(201);
    const evidenceId = firstId(evidence.json);
    expect(await statusOf(id)).toBe('open');
    const done = await ctx.as('responder', 'PATCH', `/api/db/evidences?id=eq.${evidenceId}`, {
      done: true,
    });
    expect(done.status).toBe(200);
    expect(await statusOf(id)).toBe('resolved');
    expect(await types(id)).toEqual([
      'incident.created',
      'evidence.created',
      'evidence.done_definition_added',
      'incident_status.updated',
    ]);
  });

  it('refuses a script that does not compile', async () => {
    const { root } = await ctx.incident();
    const before = await ctx.count('evidences');
    const answer = await ctx.as('commander', 'POST', '/api/db/evidences', {
      hypothesis_id: root,
      type: 'check',
      definition_of_done: true,
      script: 'check.status ==',
    });
    expect(answer.status).toBe(400);
    expect(messageOf(answer.json)).toMatch(/^script: /);
    expect(await ctx.count('evidences')).toBe(before);
  });

  it('the worker marks a mended check done and resolves the incident, with job history', async () => {
    const { id, root } = await ctx.incident();
    const [canary] = await ctx.query(
      z.object({ id: z.string() }),
      `insert into canaries (name, spec) values ('web', '{}') returning id`,
    );
    const [check] = await ctx.query(
      z.object({ id: z.string() }),
      `insert into checks (canary_id, type, name, status, last_transition_time)
       values ($1, 'http', 'web', 'unhealthy', now()) returning id`,
      [canary?.id],
    );
    await ctx.as('commander', 'POST', '/api/db/evidences', {
      hypothesis_id: root,
      type: 'check',
      check_id: check?.id,
      definition_of_done: true,
      script: "check.status == 'healthy' && check.age > duration('5m')",
    });
    const db = ctx.app().database.db;
    expect(await runDefinitionOfDone(db, Date.now())).toMatchObject({ checked: 1, done: 0 });
    expect(await statusOf(id)).toBe('open');
    await ctx.query(
      z.unknown(),
      `update checks set status = 'healthy', last_transition_time = now() - interval '10 minutes' where id = $1`,
      [check?.id],
    );
    const jobs = await ctx.count('job_history', `name = 'IncidentDefinitionOfDone'`);
    const outcome = await runMaintenance(db, definitionOfDoneJob(db), Date.now());
    expect(outcome).toMatchObject({ done: 1, resolved: 1 });
    expect(
      await ctx.count(
        'job_history',
        `name = 'IncidentDefinitionOfDone' and status = 'SUCCESS' and success_count = 1`,
      ),
    ).toBe(jobs + 1);
    expect(await statusOf(id)).toBe('resolved');
    expect((await types(id)).at(-1)).toBe('incident_status.updated');
  });
});
