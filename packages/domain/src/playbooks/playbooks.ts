import { z } from 'zod';
import { playbookParameterSchema } from './playbook-parameters.ts';

/** Run statuses (spec 002 §4 and issue #26), in the order a run moves through them. */
export const playbookRunStatuses = [
  'scheduled',
  'pending',
  'pending_approval',
  'waiting',
  'sleeping',
  'running',
  'completed',
  'failed',
  'cancelled',
  'timed_out',
] as const;
export const playbookRunStatusSchema = z.enum(playbookRunStatuses);
export type PlaybookRunStatus = z.infer<typeof playbookRunStatusSchema>;

/** An action can also be skipped (its `if` was false); skipped actions are not clickable. */
export const playbookActionStatuses = [...playbookRunStatuses, 'skipped'] as const;
export const playbookActionStatusSchema = z.enum(playbookActionStatuses);
export type PlaybookActionStatus = z.infer<typeof playbookActionStatusSchema>;

export const finalRunStatuses: readonly PlaybookRunStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'timed_out',
];
/** The run detail refetches while a run is in one of these (spec 002 §4). */
export const liveRunStatuses: readonly PlaybookRunStatus[] = [
  'scheduled',
  'pending',
  'pending_approval',
  'waiting',
  'sleeping',
  'running',
];
export function isFinalRunStatus(status: PlaybookRunStatus): boolean {
  return finalRunStatuses.includes(status);
}

/** Duty's ResourceSelector, as far as the console reads it; the server parses the rest. */
export const resourceSelectorSchema = z
  .object({
    id: z.string().optional(),
    name: z.string().optional(),
    namespace: z.string().optional(),
    types: z.array(z.string()).optional(),
    type: z.string().optional(),
    labelSelector: z.string().optional(),
    tagSelector: z.string().optional(),
    search: z.string().optional(),
  })
  .loose();
export type ResourceSelector = z.infer<typeof resourceSelectorSchema>;

export const playbookApprovalSpecSchema = z.object({
  type: z.enum(['any', 'all']).default('any'),
  approvers: z
    .object({
      people: z.array(z.string()).default([]),
      teams: z.array(z.string()).default([]),
    })
    .default({ people: [], teams: [] }),
});

/** The spec of a `Playbook` resource (mission-control.flanksource.com/v1), as the UI reads it. */
export const playbookSpecSchema = z
  .object({
    title: z.string().optional(),
    description: z.string().optional(),
    category: z.string().optional(),
    icon: z.string().optional(),
    configs: z.array(resourceSelectorSchema).optional(),
    components: z.array(resourceSelectorSchema).optional(),
    checks: z.array(resourceSelectorSchema).optional(),
    parameters: z.array(playbookParameterSchema).optional(),
    actions: z.array(z.object({ name: z.string() }).loose()).default([]),
    approval: playbookApprovalSpecSchema.optional(),
  })
  .loose();
export type PlaybookSpec = z.infer<typeof playbookSpecSchema>;

/** A row of `playbooks` (data API) and an item of `GET /api/playbook/list`. */
export const playbookSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullish(),
  title: z.string().nullish(),
  icon: z.string().nullish(),
  description: z.string().nullish(),
  category: z.string().nullish(),
  source: z.string().nullish(),
  spec: playbookSpecSchema,
  created_by: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  deleted_at: z.string().nullish(),
});
export type Playbook = z.infer<typeof playbookSchema>;

/**
 * `GET /api/playbook/list[?config_id=|component_id=|check_id=]`: the playbooks the caller may
 * run, on that resource when one is named, with how often each has run.
 */
export const playbookListQuerySchema = z.object({
  config_id: z.uuid().optional(),
  component_id: z.uuid().optional(),
  check_id: z.uuid().optional(),
});
export const playbookListItemSchema = playbookSchema.extend({
  run_count: z.number().int().nonnegative().nullish(),
  last_run: z.string().nullish(),
});
export type PlaybookListItem = z.infer<typeof playbookListItemSchema>;
export const playbookListResponseSchema = z.array(playbookListItemSchema);

const targetIds = {
  config_id: z.uuid().nullish(),
  component_id: z.uuid().nullish(),
  check_id: z.uuid().nullish(),
};
function oneTargetAtMost(value: {
  config_id?: string | null;
  component_id?: string | null;
  check_id?: string | null;
}): boolean {
  return [value.config_id, value.component_id, value.check_id].filter((id) => id).length <= 1;
}
const oneTargetMessage = {
  message: 'provide at most one of: config_id, check_id or component_id',
  path: ['config_id'],
};

/** `POST /api/playbook/run` (spec 000 §3): params are strings, checkboxes 'true' or 'false'. */
export const playbookRunRequestSchema = z
  .object({
    id: z.uuid(),
    ...targetIds,
    params: z.record(z.string(), z.string()).default({}),
  })
  .refine(oneTargetAtMost, oneTargetMessage);
export type PlaybookRunRequest = z.input<typeof playbookRunRequestSchema>;
export const playbookRunResponseSchema = z.object({
  run_id: z.string(),
  starts_at: z.string().optional(),
});
export type PlaybookRunResponse = z.infer<typeof playbookRunResponseSchema>;

/** `POST /api/playbook/{id}/params`: the parameters with their defaults evaluated on the target. */
export const playbookParamsRequestSchema = z
  .object({
    id: z.uuid(),
    ...targetIds,
    params: z.record(z.string(), z.string()).optional(),
  })
  .refine(oneTargetAtMost, oneTargetMessage);
export type PlaybookParamsRequest = z.input<typeof playbookParamsRequestSchema>;
export const playbookParamsResponseSchema = z.object({
  params: z.array(playbookParameterSchema),
});

const personRefSchema = z.object({ id: z.string(), name: z.string().nullish() });
const namedRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullish(),
  icon: z.string().nullish(),
});

/** A row of `playbook_runs`; embeds come from the data API's `select`. */
export const playbookRunSchema = z.object({
  id: z.string(),
  playbook_id: z.string(),
  status: playbookRunStatusSchema,
  created_at: z.string(),
  start_time: z.string().nullish(),
  end_time: z.string().nullish(),
  scheduled_time: z.string().nullish(),
  created_by: z.union([personRefSchema, z.string()]).nullish(),
  parameters: z.record(z.string(), z.coerce.string()).nullish(),
  error: z.string().nullish(),
  config_id: z.string().nullish(),
  component_id: z.string().nullish(),
  check_id: z.string().nullish(),
  parent_id: z.string().nullish(),
  agent_id: z.string().nullish(),
  playbook: namedRefSchema
    .extend({ title: z.string().nullish(), spec: playbookSpecSchema.optional() })
    .nullish(),
  config: namedRefSchema.nullish(),
  component: namedRefSchema.nullish(),
  check: namedRefSchema.nullish(),
});
export type PlaybookRun = z.infer<typeof playbookRunSchema>;

/** An action's captured output; actions add their own keys (an http response, a sql result). */
export const playbookActionResultSchema = z
  .object({
    stdout: z.string().optional(),
    stderr: z.string().optional(),
    logs: z.string().optional(),
    exitCode: z.number().optional(),
  })
  .loose();

/** A row of `playbook_run_actions`. */
export const playbookRunActionSchema = z.object({
  id: z.string(),
  name: z.string(),
  playbook_run_id: z.string(),
  status: playbookActionStatusSchema,
  scheduled_time: z.string().nullish(),
  start_time: z.string().nullish(),
  end_time: z.string().nullish(),
  result: playbookActionResultSchema.nullish(),
  error: z.string().nullish(),
  agent_id: z.string().nullish(),
  retry_count: z.number().int().nullish(),
});
export type PlaybookRunAction = z.infer<typeof playbookRunActionSchema>;

/** A file an action produced (`artifacts`, linked by playbook_run_action_id). */
export const playbookArtifactSchema = z.object({
  id: z.string(),
  playbook_run_action_id: z.string(),
  path: z.string(),
  filename: z.string().nullish(),
  content_type: z.string().nullish(),
  size: z.number().nullish(),
  created_at: z.string().nullish(),
});
export type PlaybookArtifact = z.infer<typeof playbookArtifactSchema>;

/** A row of `playbook_approvals`: one approver's decision on a run waiting in pending_approval. */
export const playbookApprovalSchema = z.object({
  id: z.string(),
  run_id: z.string(),
  person_id: z.string().nullish(),
  team_id: z.string().nullish(),
  status: z.enum(['approved', 'rejected']).default('approved'),
  comment: z.string().nullish(),
  created_at: z.string(),
  person: personRefSchema.nullish(),
  team: personRefSchema.nullish(),
});
export type PlaybookApproval = z.infer<typeof playbookApprovalSchema>;

/** `POST /api/playbook/run/{approve|reject}/{run_id}`; the decider comes from the session. */
export const playbookApprovalRequestSchema = z.object({
  comment: z.string().max(1000, 'must be at most 1000 characters').optional(),
});
/** Approve, reject and `POST /api/playbook/run/cancel/{run_id}` answer with a message. */
export const playbookRunDecisionResponseSchema = z.object({ message: z.string() });

/** Runs page: page size and default window (spec 002 §9). */
export const playbookRunsPageSize = 150;
export const playbookRunsDefaultRange = '7d';
/** Runs on a config page (spec 002 §9). */
export const playbookRunsConfigPageSize = 200;
/** Run detail poll while the run is live (spec 002 §9). */
export const playbookRunPollMs = 5000;
