import {
  playbookListQuerySchema,
  playbookParamsRequestSchema,
  type ResolvedParameter,
} from '@vigil/domain';
import type { Database } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/actor.ts';
import { authorise } from '../../platform/http/authorise.ts';
import { resolveParameters } from './params/params.service.ts';
import { findPlaybook, playbooksSelecting } from './playbooks.repository.ts';
import { playbookTargets } from './targets/selector.ts';
import { loadResource, resourceCount } from './targets/resource.repository.ts';

const selectorKey = { config: 'configs', component: 'components', check: 'checks' } as const;

/** The playbook verbs of the run dialog and the resource menus. */
export function createPlaybooksService(db: Database) {
  return {
    /** GET /list: the playbooks whose selectors keep the given config, component or check. */
    async listFor(actor: Actor, query: unknown) {
      authorise(actor, 'playbooks', 'read');
      const ids = playbookListQuerySchema.parse(query);
      if (resourceCount(ids) !== 1) {
        throw badRequest(
          'exactly one of config_id, component_id and check_id is required',
          'config_id',
        );
      }
      const resource = await loadResource(db.pool, ids);
      if (!resource) throw notFound('the resource was not found');
      const candidates = await playbooksSelecting(db.pool, selectorKey[resource.kind]);
      return candidates
        .filter((playbook) => playbookTargets(playbook.spec, resource))
        .map((playbook) => ({
          id: playbook.id,
          name: playbook.name,
          namespace: playbook.namespace,
          title: playbook.title,
          icon: playbook.icon,
          description: playbook.description,
          category: playbook.category,
          parameters: playbook.spec.parameters ?? [],
        }));
    },

    /** POST /{id}/params: the parameters with defaults evaluated against the resource. */
    async params(
      actor: Actor,
      playbookId: string,
      body: unknown,
    ): Promise<{ params: ResolvedParameter[] }> {
      authorise(actor, 'playbooks', 'read');
      const ids = playbookParamsRequestSchema.parse(body ?? {});
      if (resourceCount(ids) > 1) {
        throw badRequest(
          'only one of config_id, component_id and check_id may be given',
          'config_id',
        );
      }
      const playbook = await findPlaybook(db.pool, playbookId);
      if (!playbook) throw notFound(`playbook ${playbookId} was not found`);
      const resource = await loadResource(db.pool, ids);
      if (resourceCount(ids) === 1 && !resource) throw notFound('the resource was not found');
      return { params: resolveParameters(playbook.spec, resource) };
    },
  };
}

export type PlaybooksService = ReturnType<typeof createPlaybooksService>;
