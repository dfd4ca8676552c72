import { z } from 'zod';

export const playbookRunStatuses = [
  'scheduled',
  'pending',
  'pending_approval',
  'running',
  'waiting',
  'sleeping',
  'completed',
  'failed',
  'cancelled',
  'timed_out',
] as const;
export const playbookRunStatusSchema = z.enum(playbookRunStatuses);
export type PlaybookRunStatus = z.infer<typeof playbookRunStatusSchema>;

/** A run in one of these never changes again. */
export const finishedRunStatuses: readonly PlaybookRunStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'timed_out',
];

export const playbookActionStatuses = [
  'scheduled',
  'pending',
  'running',
  'waiting',
  'sleeping',
  'completed',
  'failed',
  'cancelled',
  'timed_out',
  'skipped',
] as const;
export const playbookActionStatusSchema = z.enum(playbookActionStatuses);
export type PlaybookActionStatus = z.infer<typeof playbookActionStatusSchema>;

const uuid = z.string().uuid('must be a UUID');

/** The resource a run is about: at most one of the three. */
const resourceIds = {
  config_id: uuid.optional(),
  component_id: uuid.optional(),
  check_id: uuid.optional(),
};

/** Parameter values as the run dialog sends them: text, booleans, lists. */
export const playbookParamValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.null(),
]);
export type PlaybookParamValue = z.infer<typeof playbookParamValueSchema>;

/** POST /api/playbook/run. */
export const playbookRunRequestSchema = z.object({
  id: uuid,
  ...resourceIds,
  params: z.record(z.string(), playbookParamValueSchema).optional(),
});
export type PlaybookRunRequest = z.infer<typeof playbookRunRequestSchema>;
export const playbookRunResponseSchema = z.object({ run_id: z.string() });

/** POST /api/playbook/{id}/params. */
export const playbookParamsRequestSchema = z.object({
  id: uuid.optional(),
  ...resourceIds,
});
export type PlaybookParamsRequest = z.infer<typeof playbookParamsRequestSchema>;

/** A parameter with its default evaluated against the chosen resource. */
export const resolvedParameterSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  required: z.boolean(),
  default: playbookParamValueSchema.optional(),
  description: z.string().optional(),
  icon: z.string().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  dependsOn: z.array(z.string()).optional(),
});
export type ResolvedParameter = z.infer<typeof resolvedParameterSchema>;
export const playbookParamsResponseSchema = z.object({
  params: z.array(resolvedParameterSchema),
});

/** GET /api/playbook/list?config_id=|component_id=|check_id=. */
export const playbookListQuerySchema = z.object(resourceIds);
export const playbookSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  title: z.string().nullable(),
  icon: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  parameters: z.array(z.unknown()),
});
export const playbookListResponseSchema = z.array(playbookSummarySchema);

export const playbookRunActionSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  status: playbookActionStatusSchema,
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  scheduled_time: z.string(),
  retry_count: z.number().int(),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
});
export type PlaybookRunAction = z.infer<typeof playbookRunActionSchema>;

export const playbookApprovalEntrySchema = z.object({
  id: z.string(),
  person_id: z.string().nullable(),
  team_id: z.string().nullable(),
  status: z.enum(['approved', 'rejected']),
  created_at: z.string(),
});

export const playbookRunSchema = z.object({
  id: z.string(),
  playbook_id: z.string(),
  playbook_name: z.string(),
  status: playbookRunStatusSchema,
  parameters: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  config_id: z.string().nullable(),
  component_id: z.string().nullable(),
  check_id: z.string().nullable(),
  parent_id: z.string().nullable(),
  created_by: z.string().nullable(),
  trigger: z.string().nullable(),
  created_at: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  scheduled_time: z.string(),
});
export type PlaybookRun = z.infer<typeof playbookRunSchema>;

export const playbookRunDetailSchema = playbookRunSchema.extend({
  actions: z.array(playbookRunActionSchema),
  approvals: z.array(playbookApprovalEntrySchema),
});
export type PlaybookRunDetail = z.infer<typeof playbookRunDetailSchema>;

/** GET /api/playbook/runs. */
export const playbookRunsQuerySchema = z.object({
  playbook_id: uuid.optional(),
  status: playbookRunStatusSchema.optional(),
  config_id: uuid.optional(),
  component_id: uuid.optional(),
  check_id: uuid.optional(),
  starts: z.string().datetime({ offset: true }).optional(),
  ends: z.string().datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(150),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PlaybookRunsQuery = z.infer<typeof playbookRunsQuerySchema>;
export const playbookRunsResponseSchema = z.object({
  data: z.array(playbookRunSchema),
  totalEntries: z.number().int(),
});

export const playbookRunIdParamsSchema = z.object({ id: uuid });
export const playbookApprovalBodySchema = z.object({ comment: z.string().max(2000).optional() });
