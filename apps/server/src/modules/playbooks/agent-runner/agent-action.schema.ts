import { playbookActionKinds } from '@vigil/domain';
import { z } from 'zod';

/** The longest a GET /api/agent/playbook-action is held; proxies commonly cut idle ones at 60 s. */
export const maxActionWaitSeconds = 30;

/** Output an agent sends in one call (the run's live log keeps at most 1 MiB in all). */
const maxOutput = 1 << 20;

export const actionPollQuery = z.strictObject({
  timeout: z.coerce
    .number({ error: 'timeout must be a number of seconds' })
    .int('timeout must be a whole number of seconds')
    .min(0, 'timeout must be at least 0')
    .max(maxActionWaitSeconds, `timeout must be at most ${maxActionWaitSeconds} seconds`)
    .default(25),
});

/**
 * An action handed to the agent that runs it: its body rendered upstream (upstream's default
 * `templatesOn: host`), `rendered` the fields the action renders itself, keyed by their text.
 */
export const agentActionSchema = z.object({
  id: z.uuid(),
  run_id: z.uuid(),
  playbook_id: z.uuid(),
  namespace: z.string(),
  name: z.string(),
  kind: z.enum(playbookActionKinds),
  /** retry_count when claimed: the agent's reports name it, so a stale attempt is refused. */
  attempt: z.number().int().min(0),
  spec: z.unknown(),
  rendered: z.record(z.string(), z.string()),
  timeout_ms: z.number().int().min(0),
  /** Report progress well within this, or the action is taken as failed (retry policy). */
  lease_ms: z.number().int().min(1),
});
export type AgentAction = z.infer<typeof agentActionSchema>;

export const agentActionIdParams = z.object({ id: z.uuid('must be a UUID') });

export const actionPollAnswerSchema = z.object({ action: agentActionSchema.nullable() });

export const actionProgressSchema = z.strictObject({
  attempt: z.number().int().min(0),
  /** Whole lines written since the last call. */
  output: z.string().max(maxOutput).default(''),
});
/** `stop`: the run was cancelled or timed out; the agent stops the action and reports. */
export const actionProgressAnswerSchema = z.object({ stop: z.boolean() });

export const actionResultSchema = z.strictObject({
  attempt: z.number().int().min(0),
  output: z.string().max(maxOutput).default(''),
  /** released: the agent is shutting down; the action is handed back to run again. */
  status: z.enum(['completed', 'failed', 'timed_out', 'released']),
  result: z.record(z.string(), z.unknown()).default({}),
  error: z.string().max(65_536).nullable().default(null),
});
export type ActionResult = z.infer<typeof actionResultSchema>;
export const actionResultAnswerSchema = z.object({ recorded: z.boolean() });
