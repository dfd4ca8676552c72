import { withinHoursOfOperation, type IncidentRuleSpec } from '@vigil/domain';
import type { Database, Queryable } from '../../../platform/db.ts';
import { evaluateCel, renderTemplate } from '../../health/index.ts';
import { recordHistory } from '../history/incident-history.repository.ts';
import { insertRootHypothesis } from '../incidents.repository.ts';
import {
  candidatesOf,
  hasOpenIncident,
  insertEvidence,
  insertRuleIncident,
  liveRules,
  recordRuleRun,
  type Candidate,
} from './incident-rules.repository.ts';
import { matchesFieldFilter } from './field-filter.ts';
import { parseRuleSpec } from './incident-rules.write-hook.ts';

const perSource = 1000;
const filterLimitMs = 200;

interface Rule {
  readonly id: string;
  readonly name: string;
  readonly spec: IncidentRuleSpec;
}

interface Tally {
  matched: number;
  created: number;
  duplicates: number;
  errors: string[];
}

export interface RulesOutcome {
  readonly rules: number;
  readonly created: number;
}

function variablesOf(candidate: Candidate): Record<string, unknown> {
  const name = candidate.source === 'config_analysis' ? 'analysis' : candidate.source;
  return { source: candidate.source, [name]: candidate.resource };
}

function matches(rule: Rule, candidate: Candidate, now: Date): boolean {
  if (!rule.spec.sources.includes(candidate.source)) return false;
  const { filter } = rule.spec;
  if (typeof filter !== 'string') return matchesFieldFilter(filter, candidate.resource, now);
  if (filter.trim() === '') return true;
  return evaluateCel(filter, variablesOf(candidate), filterLimitMs) === true;
}

/** Opens one incident for a resource: root hypothesis, its evidence and the changelog. */
async function openIncident(client: Queryable, rule: Rule, candidate: Candidate): Promise<void> {
  const { template } = rule.spec;
  const title = renderTemplate(template.title, candidate.resource).trim() || rule.name;
  const incidentId = await insertRuleIncident(client, {
    ruleId: rule.id,
    title,
    description: renderTemplate(template.description, candidate.resource),
    type: template.type,
    severity: template.severity,
    status: template.status,
  });
  const root = await insertRootHypothesis(client, incidentId, title, null);
  const name = candidate.resource.name;
  const description = `${candidate.source} ${typeof name === 'string' ? name : candidate.id}`;
  const evidenceId = await insertEvidence(client, root, candidate, description);
  await recordHistory(client, {
    incidentId,
    type: 'incident.created',
    description: `${title} (rule ${rule.name})`,
    hypothesisId: root,
  });
  await recordHistory(client, { incidentId, type: 'evidence.created', description, evidenceId });
}

/**
 * One pass of every incident rule, in priority order, over the resources in trouble now: a
 * match opens an incident unless one is open for the resource, and breakOnMatch stops the
 * rules after it. Each rule's run is one job history row; all of it is one transaction.
 */
export async function runIncidentRules(db: Database, now: Date): Promise<RulesOutcome> {
  return db.transaction(async (client) => {
    const rules: Rule[] = [];
    for (const row of await liveRules(client)) {
      try {
        rules.push({ id: row.id, name: row.name, spec: parseRuleSpec(row.spec) });
      } catch {
        // Written before validation existed: skipped until it is fixed through the API.
      }
    }
    rules.sort((a, b) => a.spec.priority - b.spec.priority);
    const started = Date.now();
    const tallies = new Map<string, Tally>(
      rules.map((rule) => [rule.id, { matched: 0, created: 0, duplicates: 0, errors: [] }]),
    );
    const active = rules.filter((rule) => withinHoursOfOperation(rule.spec.hoursOfOperation, now));
    const sources = new Set(active.flatMap((rule) => rule.spec.sources));
    for (const source of sources) {
      for (const candidate of await candidatesOf(client, source, perSource)) {
        for (const rule of active) {
          const tally = tallies.get(rule.id);
          if (!tally) continue;
          let matched: boolean;
          try {
            matched = matches(rule, candidate, now);
          } catch (error) {
            tally.errors.push(
              `${candidate.id}: ${error instanceof Error ? error.message : String(error)}`,
            );
            continue;
          }
          if (!matched) continue;
          tally.matched += 1;
          if (await hasOpenIncident(client, candidate)) tally.duplicates += 1;
          else {
            await openIncident(client, rule, candidate);
            tally.created += 1;
          }
          if (rule.spec.breakOnMatch) break;
        }
      }
    }
    let created = 0;
    for (const rule of rules) {
      const tally = tallies.get(rule.id) ?? { matched: 0, created: 0, duplicates: 0, errors: [] };
      created += tally.created;
      await recordRuleRun(client, { ruleId: rule.id, ruleName: rule.name, started, ...tally });
    }
    return { rules: rules.length, created };
  });
}
