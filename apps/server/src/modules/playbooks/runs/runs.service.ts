import { runLogStream } from './log-stream.ts';
import {
  finishedRunStatuses,
  playbookRunRequestSchema,
  playbookRunsQuerySchema,
  type PlaybookRunDetail,
  type PlaybookRunStatus,
} from '@vigil/domain';
import { z } from 'zod';
import type { Sealer } from '../../../platform/crypto.ts';
import type { Database, Queryable } from '../../../platform/db.ts';
import { creatorOf } from '../../../platform/creator.ts';
import { parseDuration } from '../../../platform/durations.ts';
import { badRequest, conflict, DomainError, notFound } from '../../../platform/errors.ts';
import type { Actor } from '../../../platform/http/actor.ts';
import { authorise, requireSignedIn } from '../../../platform/http/authorise.ts';
import type { Enqueue } from '../../events/index.ts';
import { checkRunParams, sealSecrets } from '../params/params.service.ts';
import { findPlaybook, type StoredPlaybook } from '../playbooks.repository.ts';
import { playbookTargets } from '../targets/selector.ts';
import { loadResource, resourceCount, type ResourceIds } from '../targets/resource.repository.ts';
import { approvalComplete, approverRole, approversOf, insertApproval } from './approvals.ts';
import {
  cancelRun,
  findRun,
  insertRun,
  listRuns,
  runActions,
  runApprovals,
  runControl,
} from './runs.repository.ts';

export interface RunsDeps {
  readonly db: Database;
  readonly enqueue: Enqueue;
  /** Seals secret parameters before they are stored. */
  readonly sealer: Sealer;
  /** Tells the engine that work is due (it also polls). */
  readonly wake: () => void;
}

/** How a run came to be: by a person, or by one of the playbook's triggers. */
export interface RunOrigin {
  readonly trigger: 'manual' | 'webhook' | 'event' | 'schedule';
  readonly createdBy: string | null;
  readonly request?: Record<string, unknown>;
  /** Triggers run without the run dialog's checks of the resource against the selectors. */
  readonly checkTargets: boolean;
}

/** Queues a run in the caller's transaction; answers its id. */
export async function queueRun(
  deps: Pick<RunsDeps, 'enqueue' | 'sealer'>,
  client: Queryable,
  playbook: StoredPlaybook,
  input: ResourceIds & { params?: Readonly<Record<string, unknown>> | undefined },
  origin: RunOrigin,
): Promise<string> {
  if (resourceCount(input) > 1) {
    throw badRequest('only one of config_id, component_id and check_id may be given', 'config_id');
  }
  const resource = await loadResource(client, input);
  if (resourceCount(input) === 1 && !resource) throw notFound('the resource was not found');
  if (origin.checkTargets && resource && !playbookTargets(playbook.spec, resource)) {
    throw badRequest(
      `playbook ${playbook.name} does not apply to this ${resource.kind}`,
      `${resource.kind}_id`,
    );
  }
  const params = await checkRunParams(client, playbook.spec, input.params ?? {}, resource);
  const needsApproval = approversOf(playbook.spec) !== undefined;
  const id = await insertRun(client, {
    playbookId: playbook.id,
    spec: playbook.spec,
    status: needsApproval ? 'pending_approval' : 'pending',
    parameters: sealSecrets(playbook.spec, params, deps.sealer),
    request: origin.request ?? null,
    configId: resource?.kind === 'config' ? resource.id : null,
    componentId: resource?.kind === 'component' ? resource.id : null,
    checkId: resource?.kind === 'check' ? resource.id : null,
    createdBy: origin.createdBy,
    trigger: origin.trigger,
    timeoutMs: playbook.spec.timeout ? (parseDuration(playbook.spec.timeout) ?? null) : null,
  });
  if (needsApproval) {
    await deps.enqueue(client, [
      {
        name: 'playbook.approval.inserted',
        eventId: id,
        properties: { id, run_id: id, playbook_id: playbook.id, playbook: playbook.name },
      },
    ]);
  }
  return id;
}

const approveInput = z.object({ comment: z.string().max(2000).optional() }).optional();

/** The run verbs: run, read, cancel, approve and reject; each authorises first. */
export function createRunsService(deps: RunsDeps) {
  const { db } = deps;
  return {
    async run(actor: Actor, body: unknown): Promise<{ run_id: string }> {
      authorise(actor, 'playbook_runs', 'write');
      const input = playbookRunRequestSchema.parse(body);
      const id = await db.transaction(async (client) => {
        const playbook = await findPlaybook(client, input.id);
        if (!playbook) throw notFound(`playbook ${input.id} was not found`);
        const createdBy = await creatorOf(client, actor);
        return queueRun(deps, client, playbook, input, {
          trigger: 'manual',
          createdBy,
          checkTargets: true,
        });
      });
      deps.wake();
      return { run_id: id };
    },

    async list(actor: Actor, query: unknown) {
      authorise(actor, 'playbook_runs', 'read');
      return listRuns(db.pool, playbookRunsQuerySchema.parse(query));
    },

    async get(actor: Actor, id: string): Promise<PlaybookRunDetail> {
      authorise(actor, 'playbook_runs', 'read');
      const run = await findRun(db.pool, id);
      if (!run) throw notFound(`run ${id} was not found`);
      const [actions, approvals] = await Promise.all([
        runActions(db.pool, id),
        runApprovals(db.pool, id),
      ]);
      return { ...run, actions, approvals };
    },

    /** Checks the reader may see the run, then answers its live log stream. */
    async stream(actor: Actor, id: string) {
      authorise(actor, 'playbook_runs', 'read');
      if (!(await findRun(db.pool, id))) throw notFound(`run ${id} was not found`);
      return (signal: AbortSignal) => runLogStream(db.pool, id, signal);
    },

    async actions(actor: Actor, id: string) {
      authorise(actor, 'playbook_runs', 'read');
      if (!(await findRun(db.pool, id))) throw notFound(`run ${id} was not found`);
      return runActions(db.pool, id);
    },

    async cancel(actor: Actor, id: string): Promise<{ status: PlaybookRunStatus }> {
      authorise(actor, 'playbook_runs', 'write');
      await db.transaction(async (client) => {
        const run = await runControl(client, id, true);
        if (!run) throw notFound(`run ${id} was not found`);
        if (finishedRunStatuses.some((status) => status === run.status)) {
          throw conflict(`run ${id} has already finished (${run.status})`);
        }
        await cancelRun(client, id);
      });
      return { status: 'cancelled' };
    },

    async decide(
      actor: Actor,
      id: string,
      decision: 'approved' | 'rejected',
      body: unknown,
    ): Promise<{ status: PlaybookRunStatus }> {
      authorise(actor, 'playbook_runs', 'read');
      const personId = requireSignedIn(actor);
      const comment = approveInput.parse(body)?.comment ?? null;
      const status = await db.transaction(async (client): Promise<PlaybookRunStatus> => {
        const run = await runControl(client, id, true);
        if (!run) throw notFound(`run ${id} was not found`);
        if (run.status !== 'pending_approval') {
          throw conflict(`run ${id} is not waiting for approval (${run.status})`);
        }
        const approvers = approversOf(run.spec);
        if (!approvers) throw conflict(`run ${id} needs no approval`);
        if (run.created_by === personId) {
          throw new DomainError('forbidden', 'You cannot approve or reject your own run.');
        }
        const role = await approverRole(client, approvers, personId);
        if (!role.approver) {
          throw new DomainError('forbidden', 'You are not an approver of this playbook.');
        }
        await insertApproval(client, {
          runId: id,
          personId,
          teamId: role.teamId,
          status: decision,
          comment,
        });
        if (decision === 'rejected') {
          await cancelRun(client, id);
          await client.query(`update playbook_runs set error = 'rejected' where id = $1`, [id]);
          return 'cancelled';
        }
        if (!(await approvalComplete(client, id, approvers))) return 'pending_approval';
        await client.query(
          `update playbook_runs set status = 'pending', scheduled_time = now() where id = $1`,
          [id],
        );
        return 'pending';
      });
      deps.wake();
      return { status };
    },
  };
}

export type RunsService = ReturnType<typeof createRunsService>;
