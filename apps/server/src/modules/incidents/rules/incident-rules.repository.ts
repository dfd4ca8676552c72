import { z } from 'zod';
import type { IncidentRuleSource } from '@vigil/domain';
import type { Queryable } from '../../../platform/db.ts';

const ruleRow = z.object({ id: z.string(), name: z.string(), spec: z.unknown() });

export async function liveRules(client: Queryable) {
  const found = await client.query(
    'select id, name, spec from incident_rules where deleted_at is null order by created_at',
  );
  return found.rows.map((row) => ruleRow.parse(row));
}

export interface Candidate {
  readonly source: IncidentRuleSource;
  readonly id: string;
  /** What templates and filters see: the resource's own fields. */
  readonly resource: Record<string, unknown>;
}

const candidateRow = z.object({ id: z.string(), resource: z.record(z.string(), z.unknown()) });

const candidateQueries: Record<IncidentRuleSource, string> = {
  check: `select id, jsonb_build_object('id', id, 'name', name, 'type', type, 'status', status,
            'severity', severity, 'namespace', namespace, 'labels', labels,
            'last_transition_time', last_transition_time) as resource
          from checks where status = 'unhealthy' and deleted_at is null limit $1`,
  component: `select id, jsonb_build_object('id', id, 'name', name, 'type', type, 'status', status,
                'health', health, 'namespace', namespace) as resource
              from components where status = 'unhealthy' and deleted_at is null limit $1`,
  config_analysis: `select a.id, jsonb_build_object('id', a.id, 'name', coalesce(c.name, a.analyzer),
                      'analyzer', a.analyzer, 'status', a.status, 'severity', a.severity,
                      'summary', a.summary, 'config_id', a.config_id) as resource
                    from config_analysis a left join config_items c on c.id = a.config_id
                    where a.status = 'open' limit $1`,
};

/** The resources in trouble now, per source. */
export async function candidatesOf(
  client: Queryable,
  source: IncidentRuleSource,
  limit: number,
): Promise<Candidate[]> {
  const found = await client.query(candidateQueries[source], [limit]);
  return found.rows.map((row) => {
    const parsed = candidateRow.parse(row);
    return { source, id: parsed.id, resource: parsed.resource };
  });
}

/** The evidence column and type a source links through. */
export const evidenceOfSource: Record<IncidentRuleSource, { column: string; type: string }> = {
  check: { column: 'check_id', type: 'check' },
  component: { column: 'component_id', type: 'topology' },
  config_analysis: { column: 'config_analysis_id', type: 'config_analysis' },
};

/** Whether an incident still open already has this resource as evidence (de-duplication). */
export async function hasOpenIncident(client: Queryable, candidate: Candidate): Promise<boolean> {
  const { column } = evidenceOfSource[candidate.source];
  const found = await client.query(
    `select 1 from evidences e
       join hypotheses h on h.id = e.hypothesis_id
       join incidents i on i.id = h.incident_id
      where e.${column} = $1 and i.deleted_at is null and i.status not in ('resolved', 'closed')
      limit 1`,
    [candidate.id],
  );
  return found.rows.length > 0;
}

export interface RuleIncident {
  readonly ruleId: string;
  readonly title: string;
  readonly description: string;
  readonly type: string;
  readonly severity: string;
  readonly status: string;
}

const inserted = z.object({ id: z.string() });

export async function insertRuleIncident(client: Queryable, incident: RuleIncident) {
  const found = await client.query(
    `insert into incidents (title, description, type, severity, status, incident_rule_id)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      incident.title,
      incident.description,
      incident.type,
      incident.severity,
      incident.status,
      incident.ruleId,
    ],
  );
  return inserted.parse(found.rows[0]).id;
}

export async function insertEvidence(
  client: Queryable,
  hypothesisId: string,
  candidate: Candidate,
  description: string,
): Promise<string> {
  const { column, type } = evidenceOfSource[candidate.source];
  const found = await client.query(
    `insert into evidences (hypothesis_id, type, description, ${column})
     values ($1, $2, $3, $4) returning id`,
    [hypothesisId, type, description, candidate.id],
  );
  return inserted.parse(found.rows[0]).id;
}

export interface RuleRun {
  readonly ruleId: string;
  readonly ruleName: string;
  readonly started: number;
  readonly created: number;
  readonly matched: number;
  readonly duplicates: number;
  readonly errors: readonly string[];
}

/** One job history row per rule run. */
export async function recordRuleRun(client: Queryable, run: RuleRun): Promise<void> {
  await client.query(
    `insert into job_history (name, resource_type, resource_id, resource_name, status, details,
       duration_millis, success_count, error_count, time_start, time_end)
     values ('IncidentRule', 'incident_rule', $1, $2, $3, $4, $5, $6, $7, $8, now())`,
    [
      run.ruleId,
      run.ruleName,
      run.errors.length > 0 ? 'WARNING' : 'SUCCESS',
      {
        summary: { matched: run.matched, created: run.created, duplicates: run.duplicates },
        errors: run.errors,
      },
      Date.now() - run.started,
      run.created,
      run.errors.length,
      new Date(run.started),
    ],
  );
}
