import type { Logger } from 'pino';
import type { ValueResolver } from '../../../platform/values/values.ts';
import type { ConnectionResolver } from '../../connections/index.ts';
import { sendThroughConnection } from '../../notifications/index.ts';
import { ActionFailed } from '../actions/action-type.ts';
import { actionTypes } from '../actions/registry.ts';
import type { ActionResult, AgentAction } from './agent-action.schema.ts';

export interface AgentActionContext {
  /** Cancel (the run ended upstream) or the agent shutting down. */
  readonly signal: AbortSignal;
  readonly log: Logger;
  /** The agent's own connections and secrets: an action uses what is where it runs. */
  readonly connections: ConnectionResolver;
  readonly values: ValueResolver;
  output(text: string): void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs an action handed to this agent with the same action kinds as the server (one registry),
 * its body already rendered upstream. Answers what the agent reports; never throws.
 */
export async function runAgentAction(
  action: AgentAction,
  context: AgentActionContext,
): Promise<Pick<ActionResult, 'status' | 'result' | 'error'>> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), action.timeout_ms);
  const signal = AbortSignal.any([context.signal, timeout.signal]);
  try {
    const type = actionTypes.get(action.kind);
    if (!type) throw new ActionFailed(`action kind ${action.kind} is not supported yet`);
    const config = type.schema.parse(action.spec);
    const result = await type.run(config, {
      signal,
      log: context.log,
      connections: context.connections,
      notify: sendThroughConnection,
      connectionsApproved: false,
      // Secrets are masked upstream, where the run's secret values are known.
      secrets: [],
      render: (text) => action.rendered[text] ?? text,
      runId: action.run_id,
      playbookId: action.playbook_id,
      namespace: action.namespace,
      values: context.values,
      output: (text) => context.output(text),
    });
    return { status: 'completed', result, error: null };
  } catch (error) {
    const result = error instanceof ActionFailed ? error.result : {};
    if (timeout.signal.aborted) {
      return {
        status: 'timed_out',
        result,
        error: `action timed out after ${action.timeout_ms}ms`,
      };
    }
    const reason = context.signal.aborted ? 'the run was stopped' : messageOf(error);
    return { status: 'failed', result, error: reason };
  } finally {
    clearTimeout(timer);
  }
}
