import { z } from 'zod';
import {
  playbookActionStatusSchema,
  playbookRunStatusSchema,
  type PlaybookRunStatus,
} from './playbook-api.ts';

/**
 * What the screens read through the data API (spec 002 §7: `GET /playbooks`, `/playbook_runs`,
 * `/playbook_run_actions`, `/playbook_approvals`), with the embeds they ask for by name. Loose
 * where the console only shows a value, so that a stored spec never hides a run.
 */

/** A spec as the screens read it: targets, parameters and approval; the rest is the server's. */
export const playbookSpecViewSchema = z
  .object({
    title: z.string().optional(),
    description: z.string().optional(),
    category: z.string().optional(),
    icon: z.string().optional(),
    configs: z.array(z.record(z.string(), z.unknown())).optional(),
    components: z.array(z.record(z.string(), z.unknown())).optional(),
    checks: z.array(z.record(z.string(), z.unknown())).optional(),
    approval: z
      .object({
        type: z.enum(['any', 'all']).optional(),
        approvers: z
          .object({
            people: z.array(z.string()).optional(),
            teams: z.array(z.string()).optional(),
          })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type PlaybookSpecView = z.infer<typeof playbookSpecViewSchema>;

/** A row of `playbooks`. */
export const playbookRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullish(),
  title: z.string().nullish(),
  icon: z.string().nullish(),
  description: z.string().nullish(),
  category: z.string().nullish(),
  source: z.string().nullish(),
  spec: playbookSpecViewSchema,
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type PlaybookRow = z.infer<typeof playbookRowSchema>;

const personRefSchema = z.object({ id: z.string(), name: z.string().nullish() });
const resourceRefSchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  icon: z.string().nullish(),
});

/** A row of `playbook_runs` with its playbook, creator and resource embedded. */
export const playbookRunRowSchema = z.object({
  id: z.string(),
  playbook_id: z.string(),
  status: playbookRunStatusSchema,
  created_at: z.string(),
  start_time: z.string().nullish(),
  end_time: z.string().nullish(),
  scheduled_time: z.string().nullish(),
  created_by: z.union([personRefSchema, z.string()]).nullish(),
  trigger: z.string().nullish(),
  parameters: z.record(z.string(), z.unknown()).nullish(),
  error: z.string().nullish(),
  config_id: z.string().nullish(),
  component_id: z.string().nullish(),
  check_id: z.string().nullish(),
  playbook: z
    .object({
      id: z.string(),
      name: z.string(),
      title: z.string().nullish(),
      icon: z.string().nullish(),
      spec: playbookSpecViewSchema.nullish(),
    })
    .nullish(),
  config: resourceRefSchema.nullish(),
  component: resourceRefSchema.nullish(),
  check: resourceRefSchema.nullish(),
});
export type PlaybookRunRow = z.infer<typeof playbookRunRowSchema>;

/** A file an exec action read back (`result.artifacts`). */
export const playbookArtifactSchema = z.object({
  path: z.string(),
  size: z.number().nullish(),
  content: z.string().nullish(),
});
export type PlaybookArtifact = z.infer<typeof playbookArtifactSchema>;

/** An action's output: exec gives stdout, stderr, exitCode, artifacts; http, sql their own keys. */
export const playbookActionResultSchema = z
  .object({
    stdout: z.string().optional(),
    stderr: z.string().optional(),
    logs: z.string().optional(),
    artifacts: z.array(playbookArtifactSchema).optional(),
  })
  .loose();

/** A row of `playbook_run_actions`. */
export const playbookRunActionRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  playbook_run_id: z.string(),
  type: z.string().nullish(),
  status: playbookActionStatusSchema,
  scheduled_time: z.string().nullish(),
  start_time: z.string().nullish(),
  end_time: z.string().nullish(),
  result: playbookActionResultSchema.nullish().catch(null),
  error: z.string().nullish(),
  retry_count: z.number().int().nullish(),
  /** What the action has written so far (masked), while it runs and after. */
  live_log: z.string().nullish(),
});
export type PlaybookRunActionRow = z.infer<typeof playbookRunActionRowSchema>;

/** A row of `playbook_approvals` with the person or team embedded. */
export const playbookApprovalRowSchema = z.object({
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
export type PlaybookApprovalRow = z.infer<typeof playbookApprovalRowSchema>;

/** The run detail refetches while a run is in one of these (spec 002 §4). */
export const liveRunStatuses: readonly PlaybookRunStatus[] = [
  'scheduled',
  'pending',
  'pending_approval',
  'waiting',
  'sleeping',
  'running',
];

/** Runs page size and default window; runs on a config page; run detail poll (spec 002 §9). */
export const playbookRunsPageSize = 150;
export const playbookRunsDefaultRange = '7d';
export const playbookRunsConfigPageSize = 200;
export const playbookRunPollMs = 5000;
