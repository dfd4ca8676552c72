import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runIncidentRules } from '../../src/modules/incidents/index.ts';
import { messageOf, useIncidentsApp } from './incidents-harness.ts';

const ctx = useIncidentsApp();
const idRow = z.object({ id: z.string() });

async function failingCheck(name: string): Promise<string> {
  const [canary] = await ctx.query(
    idRow,
    `insert into canaries (name, spec) values ($1, '{}') returning id`,
    [`c-${name}`],
  );
  const [check] = await ctx.query(
    idRow,
    `insert into checks (canary_id, type, name, status, last_transition_time)
     values ($1, 'http', $2, 'unhealthy', now()) returning id`,
    [canary?.id, name],
  );
  return check?.id ?? '';
}

const incidentsOfCheck = (check: string) =>
  ctx.query(
    z.object({ title: z.string(), severity: z.string(), incident_rule_id: z.string().nullable() }),
    `select i.title, i.severity, i.incident_rule_id from incidents i
       join hypotheses h on h.incident_id = i.id join evidences e on e.hypothesis_id = h.id
      where e.check_id = $1`,
    [check],
  );

describe('incident rules', () => {
  it('opens one incident per failing check the filter matches, de-duplicated, with job history', async () => {
    const rule = await ctx.as('editor', 'POST', '/api/db/incident_rules', {
      name: 'payments-checks',
      spec: {
        sources: ['check'],
        filter: "check.name.startsWith('payments')",
        template: { title: '{{ .name }} is failing', severity: 'high' },
        breakOnMatch: true,
      },
    });
    expect(rule.status).toBe(201);
    const ruleId = z.array(idRow).parse(rule.json)[0]?.id;
    const matched = await failingCheck('payments-api');
    const other = await failingCheck('search-api');
    const db = ctx.app().database.db;
    await runIncidentRules(db, new Date());
    await runIncidentRules(db, new Date());
    expect(await incidentsOfCheck(matched)).toEqual([
      { title: 'payments-api is failing', severity: 'high', incident_rule_id: ruleId },
    ]);
    expect(await incidentsOfCheck(other)).toEqual([]);
    const runs = await ctx.query(
      z.object({ status: z.string(), success_count: z.number(), details: z.unknown() }),
      `select status, success_count, details from job_history
        where name = 'IncidentRule' and resource_id = $1 order by created_at`,
      [ruleId],
    );
    expect(runs.map((run) => run.success_count)).toEqual([1, 0]);
    expect(runs[1]?.details).toMatchObject({ summary: { matched: 1, duplicates: 1, created: 0 } });

    // Once the incident is resolved, a check still failing opens a new one.
    await ctx.query(
      z.unknown(),
      `update incidents set status = 'resolved' where incident_rule_id = $1`,
      [ruleId],
    );
    await runIncidentRules(db, new Date());
    expect(await incidentsOfCheck(matched)).toHaveLength(2);
  });

  it('skips a rule outside its hours of operation', async () => {
    const check = await failingCheck('batch-job');
    await ctx.as('admin', 'POST', '/api/db/incident_rules', {
      name: 'office-hours',
      spec: {
        sources: ['check'],
        filter: "check.name == 'batch-job'",
        hoursOfOperation: [{ start: '09:00', end: '17:00' }],
      },
    });
    await runIncidentRules(ctx.app().database.db, new Date('2026-11-27T03:00:00Z'));
    expect(await incidentsOfCheck(check)).toEqual([]);
    await runIncidentRules(ctx.app().database.db, new Date('2026-11-27T10:00:00Z'));
    expect(await incidentsOfCheck(check)).toHaveLength(1);
  });

  it("applies Mission Control's field filter (status and severity lists, age)", async () => {
    const critical = await failingCheck('ledger-critical');
    await ctx.query(z.unknown(), `update checks set severity = 'critical' where id = $1`, [
      critical,
    ]);
    const rule = await ctx.as('admin', 'POST', '/api/db/incident_rules', {
      name: 'critical-checks',
      spec: {
        sources: ['check'],
        filter: { status: ['unhealthy'], severity: ['critical'], age: '1m' },
      },
    });
    expect(rule.status).toBe(201);
    await runIncidentRules(ctx.app().database.db, new Date());
    expect(await incidentsOfCheck(critical)).toEqual([]);
    await runIncidentRules(ctx.app().database.db, new Date(Date.now() + 5 * 60_000));
    expect(await incidentsOfCheck(critical)).toHaveLength(1);
  });

  it.each([
    ['an unknown key', { nope: true }, 'spec: Unrecognized key: "nope"'],
    ['a bad severity', { template: { severity: 'huge' } }, 'spec.template.severity'],
    ['a filter that does not compile', { filter: 'check.name ==' }, 'spec.filter: '],
    [
      'a bad clock',
      { hoursOfOperation: [{ start: '9', end: '17:00' }] },
      'spec.hoursOfOperation.0.start: must be HH:MM (UTC)',
    ],
  ])('refuses %s and writes nothing', async (_name, spec, message) => {
    const before = await ctx.count('incident_rules');
    const answer = await ctx.as('admin', 'POST', '/api/db/incident_rules', {
      name: `bad-${before}`,
      spec,
    });
    expect(answer.status).toBe(400);
    expect(messageOf(answer.json)).toContain(message);
    expect(await ctx.count('incident_rules')).toBe(before);
  });
});
