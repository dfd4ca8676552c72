import { z } from 'zod';
import type { TransactionalConsumer } from '../../events/index.ts';
import { evaluateCel } from '../../health/index.ts';
import { playbooksOnEvent } from '../playbooks.repository.ts';
import { queueRun, type RunsDeps } from '../runs/runs.service.ts';
import { matchesLabels } from '../targets/selector.ts';
import { loadResource, type ResourceIds } from '../targets/resource.repository.ts';

/** Resource events a playbook may listen to, queued to it as `playbook.<event>`. */
export const triggerEvents = [
  'check.failed',
  'check.passed',
  'config.created',
  'config.updated',
  'config.deleted',
  'config.healthy',
  'config.unhealthy',
  'config.warning',
  'config.unknown',
  'component.healthy',
  'component.unhealthy',
  'component.warning',
  'component.unknown',
  'component.error',
];

const ids = z.object({ id: z.string().optional(), config_id: z.string().optional() }).loose();

function resourceOf(event: string, properties: unknown): ResourceIds {
  const parsed = ids.safeParse(properties);
  const given = parsed.success ? parsed.data : {};
  if (event.startsWith('check.')) return { check_id: given.id };
  if (event.startsWith('config.')) return { config_id: given.config_id ?? given.id };
  return { component_id: given.id };
}

const groupOf = (event: string) =>
  event.startsWith('check.') ? 'canary' : event.startsWith('config.') ? 'config' : 'component';

/**
 * `on.canary|config|component`: each event starts a run of every playbook whose trigger
 * matches it by labels and CEL filter. The runs are queued in the claim's own transaction,
 * so an event starts its runs exactly once.
 */
export function eventTriggerConsumer(
  deps: Pick<RunsDeps, 'enqueue' | 'sealer' | 'wake'>,
): TransactionalConsumer {
  return {
    name: 'playbook triggers',
    events: triggerEvents.map((event) => `playbook.${event}`),
    transactional: true,
    async handle(queued, { client }) {
      const event = queued.name.slice('playbook.'.length);
      const [, action = ''] = event.split('.');
      const resource = await loadResource(client, resourceOf(event, queued.properties));
      const row = resource?.row ?? {};
      const labels = Object.fromEntries(
        Object.entries(typeof row.labels === 'object' && row.labels ? row.labels : {}).map(
          ([k, v]) => [k, String(v)],
        ),
      );
      for (const playbook of await playbooksOnEvent(client, event)) {
        const group = groupOf(event);
        const triggers = playbook.spec.on?.[group] ?? [];
        const matched = triggers.some((trigger) => {
          if (trigger.event !== action) return false;
          const wanted = Object.entries(trigger.labels ?? {});
          if (wanted.some(([k, v]) => !matchesLabels(`${k}=${v}`, labels))) return false;
          if (!trigger.filter) return true;
          const variables = {
            event: { name: event, properties: queued.properties },
            ...(resource ? { [resource.kind]: row } : {}),
          };
          try {
            return evaluateCel(trigger.filter, variables, 500) === true;
          } catch {
            return false;
          }
        });
        if (!matched) continue;
        await queueRun(
          deps,
          client,
          playbook,
          {
            config_id: resource?.kind === 'config' ? resource.id : undefined,
            component_id: resource?.kind === 'component' ? resource.id : undefined,
            check_id: resource?.kind === 'check' ? resource.id : undefined,
          },
          {
            trigger: 'event',
            createdBy: null,
            request: { event, properties: queued.properties },
            checkTargets: false,
          },
        );
      }
      deps.wake();
    },
  };
}
