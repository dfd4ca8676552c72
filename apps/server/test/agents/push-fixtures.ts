import { randomUUID } from 'node:crypto';
import { localAgentId } from '@vigil/domain';
import type { AgentsHarness, CreatedAgent } from './agents-harness.ts';

/** A canary with two checks and three runs each, as `vigil agent` would send them. */
export function batch() {
  const canary = randomUUID();
  const home = randomUUID();
  const login = randomUUID();
  const at = (s: number): string => new Date(Date.UTC(2026, 0, 1, 12, 0, s)).toISOString();
  return {
    ids: { canary, home, login },
    body: {
      canaries: [
        {
          id: canary,
          name: 'web',
          namespace: 'shop',
          labels: { team: 'web' },
          spec: { http: [{ name: 'home', url: 'http://shop.local/' }] },
          schedule: '@every 30s',
          agent_id: localAgentId,
        },
      ],
      checks: [
        {
          id: home,
          canary_id: canary,
          type: 'http',
          name: 'home',
          labels: { region: 'us' },
          agent_id: localAgentId,
        },
        { id: login, canary_id: canary, type: 'http', name: 'login', severity: 'high' },
      ],
      check_statuses: [
        { check_id: home, time: at(0), duration: 12, status: true },
        { check_id: home, time: at(30), duration: 15, status: true },
        { check_id: home, time: at(60), duration: 900, status: false, error: 'timeout' },
        { check_id: login, time: at(0), duration: 20, status: true, message: 'ok' },
      ],
    },
  };
}

/** Pushing as an agent, and what the database holds, for before-and-after comparisons. */
export function pushHelpers(api: AgentsHarness) {
  return {
    push: (agent: CreatedAgent, body: unknown) =>
      api.call('POST', 'agent/push', { token: agent.token }, body),
    /** The agent's checks with their totals, statuses and hourly rollups. */
    snapshot: (agentId: string) =>
      api.query(
        `select k.id, k.name, k.status, k.cum_passed::int, k.cum_failed::int, k.agent_id,
           k.labels, k.deleted_at is not null as deleted,
           (select count(*)::int from check_statuses s where s.check_id = k.id) as statuses,
           (select coalesce(sum(total), 0)::int from check_statuses_1h h
             where h.check_id = k.id) as hourly
         from checks k where k.agent_id = $1 order by k.name, k.id`,
        [agentId],
      ),
    /** Row counts of everything a push could write. */
    everything: async () => {
      const [row] = await api.query(
        `select (select count(*)::int from canaries) as canaries,
           (select count(*)::int from checks) as checks,
           (select count(*)::int from check_statuses) as statuses,
           (select count(*)::int from event_queue) as events`,
      );
      return row;
    },
  };
}
