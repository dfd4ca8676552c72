import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { badRequest, conflict, DomainError } from '../../../platform/errors.ts';
import type { Actor } from '../../../platform/http/actor.ts';
import { ActionFailed, mask } from '../actions/action-type.ts';
import {
  agentHasDueAction,
  agentOfPerson,
  appendAgentOutput,
  claimAgentAction,
  heldActionRun,
  lockHeldAction,
  progressHeldAction,
  releaseHeldAction,
} from '../engine/agent-actions.repository.ts';
import { lockRun, type ActionRow } from '../engine/engine.repository.ts';
import { recordOutcome } from '../engine/executor.ts';
import { prepareAction, type PrepareDeps } from '../engine/prepare.ts';
import { runData } from '../engine/run-data.ts';
import {
  actionPollQuery,
  actionProgressSchema,
  actionResultSchema,
  agentActionIdParams,
  type AgentAction,
} from './agent-action.schema.ts';
import { maskDeep } from './mask-deep.ts';

export interface AgentActionsDeps extends PrepareDeps {
  readonly log: Logger;
  /** How long an agent holds an action without reporting progress. */
  readonly leaseMs: number;
  /** How often a held poll looks for an action (replicas share only the database). */
  readonly pollMs: number;
}

const activeRun = new Set(['running', 'sleeping', 'waiting']);

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  throw badRequest(`${field ? `${field}: ` : ''}${issue?.message ?? 'is invalid'}`);
}

const notHeld = () =>
  conflict(
    'This agent no longer holds the action at this attempt.',
    'Its lease lapsed (the action was retried or failed) or the run ended; drop the action.',
  );

/**
 * The calls an agent makes for the playbook actions placed on it (`runsOn`): claim one (a
 * long-poll), report progress (output, lease renewal, stop when the run ended) and the result,
 * recorded in the run exactly as a server-run action's.
 */
export function createAgentActionsService(deps: AgentActionsDeps) {
  const { db } = deps;

  async function agentOf(actor: Actor) {
    const agent =
      actor.kind === 'agent' && actor.id ? await agentOfPerson(db.pool, actor.id) : null;
    if (!agent) {
      throw new DomainError(
        'unauthenticated',
        'This endpoint needs an agent access token.',
        null,
        'Send Authorization: Bearer <token> with the token POST /api/agent/generate answered.',
      );
    }
    return agent;
  }

  /** Claims and renders one action; one whose templates fail is recorded failed (upstream). */
  async function claimOne(agentId: string): Promise<AgentAction | 'none' | 'again'> {
    const claimed = await claimAgentAction(db.pool, agentId, deps.leaseMs);
    if (!claimed) return 'none';
    const run = await lockRun(db.pool, claimed.runId);
    const action = run?.spec.actions[claimed.position];
    if (!run || !action) return 'again';
    await db.pool.query(
      `update playbook_runs set status = 'running' where id = $1 and status in ('sleeping', 'waiting')`,
      [run.id],
    );
    const data = await runData(db.pool, run, deps.values, deps.sealer);
    try {
      const prepared = await prepareAction(deps, run, action, data);
      const rendered: Record<string, string> = {};
      const body: unknown = prepared.body;
      for (const key of prepared.type.verbatim ?? []) {
        const text: unknown = typeof body === 'object' && body ? Reflect.get(body, key) : undefined;
        if (typeof text === 'string') rendered[text] = prepared.render(text);
      }
      return {
        id: claimed.id,
        run_id: run.id,
        playbook_id: run.playbookId,
        namespace: run.playbookNamespace,
        name: claimed.name,
        kind: prepared.kind,
        attempt: claimed.retryCount,
        spec: prepared.body,
        rendered,
        timeout_ms: prepared.timeoutMs,
        lease_ms: deps.leaseMs,
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const result = error instanceof ActionFailed ? error.result : {};
      const outcome = { ok: false, result, error: mask(message, data.secrets), timedOut: false };
      await db.transaction((client) =>
        recordOutcome(client, claimed, outcome, data.variables, false),
      );
      return 'again';
    }
  }

  return {
    /** GET /api/agent/playbook-action: the next action, waiting up to `timeout` seconds. */
    async poll(actor: Actor, query: unknown, signal: AbortSignal): Promise<AgentAction | null> {
      const agent = await agentOf(actor);
      const { timeout } = parse(actionPollQuery, query);
      const deadline = Date.now() + timeout * 1000;
      for (;;) {
        if (await agentHasDueAction(db.pool, agent.id)) {
          const claimed = await claimOne(agent.id);
          if (claimed === 'again') continue;
          if (claimed !== 'none') {
            deps.log.info({ agent: agent.name, action: claimed.id }, 'playbook action sent');
            return claimed;
          }
        }
        const left = deadline - Date.now();
        if (left <= 0 || signal.aborted) return null;
        await sleep(Math.min(deps.pollMs, left), undefined, { signal }).catch(() => undefined);
      }
    },

    /** Output so far and a renewed lease; `stop` once the run is no longer active. */
    async progress(actor: Actor, params: unknown, body: unknown): Promise<{ stop: boolean }> {
      const agent = await agentOf(actor);
      const { id } = parse(agentActionIdParams, params);
      const input = parse(actionProgressSchema, body);
      const run = await heldActionRun(db.pool, agent.id, id, input.attempt);
      if (!run) throw notHeld();
      const data = await runData(db.pool, run, deps.values, deps.sealer);
      const status = await progressHeldAction(db.pool, agent.id, id, input.attempt, {
        leaseMs: deps.leaseMs,
        output: mask(input.output, data.secrets),
      });
      if (status === undefined) throw notHeld();
      return { stop: !activeRun.has(status) };
    },

    /** The attempt's result, recorded (retry policy, next step) as a server-run action's. */
    async result(actor: Actor, params: unknown, body: unknown): Promise<{ recorded: boolean }> {
      const agent = await agentOf(actor);
      const { id } = parse(agentActionIdParams, params);
      const input = parse(actionResultSchema, body);
      const run = await heldActionRun(db.pool, agent.id, id, input.attempt);
      if (!run) throw notHeld();
      const data = await runData(db.pool, run, deps.values, deps.sealer);
      await db.transaction(async (client) => {
        await lockRun(client, run.id);
        const held: ActionRow | undefined = await lockHeldAction(
          client,
          agent.id,
          id,
          input.attempt,
        );
        if (!held) throw notHeld();
        await appendAgentOutput(client, id, mask(input.output, data.secrets));
        if (input.status === 'released') {
          await releaseHeldAction(client, id);
          return;
        }
        const outcome = {
          ok: input.status === 'completed',
          result: maskDeep(input.result, data.secrets),
          error: input.error === null ? null : mask(input.error, data.secrets),
          timedOut: input.status === 'timed_out',
        };
        await recordOutcome(client, held, outcome, data.variables, false);
      });
      deps.log.info({ agent: agent.name, action: id, status: input.status }, 'agent action result');
      return { recorded: true };
    },
  };
}

export type AgentActionsService = ReturnType<typeof createAgentActionsService>;
