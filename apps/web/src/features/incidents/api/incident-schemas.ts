import { z } from 'zod';

export const personRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable().optional(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

/** A row of incident_summary (the list). */
export const incidentSummarySchema = z.object({
  id: z.string(),
  incident_id: z.string(),
  title: z.string(),
  type: z.string(),
  status: z.string(),
  severity: z.string(),
  created_at: z.string(),
  commander: personRefSchema.nullable(),
  responders: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      name: z.string().nullable(),
      avatar: z.string().nullable(),
    }),
  ),
});
export type IncidentSummary = z.infer<typeof incidentSummarySchema>;

const namedRef = z.object({ id: z.string(), name: z.string() }).passthrough();

export const evidenceSchema = z.object({
  id: z.string(),
  hypothesis_id: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  definition_of_done: z.boolean(),
  done: z.boolean(),
  script: z.string().nullable(),
  created_at: z.string(),
  component_id: z.string().nullable(),
  check_id: z.string().nullable(),
  config_id: z.string().nullable(),
  component: namedRef.nullable().optional(),
  check: namedRef.nullable().optional(),
  config: namedRef.nullable().optional(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const hypothesisSchema = z.object({
  id: z.string(),
  incident_id: z.string(),
  parent_id: z.string().nullable(),
  type: z.enum(['root', 'factor', 'solution']),
  title: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
  evidences: z.array(evidenceSchema).default([]),
});
export type Hypothesis = z.infer<typeof hypothesisSchema>;

export const responderSchema = z.object({
  id: z.string(),
  type: z.string(),
  external_id: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  acknowledged_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  team: z.object({ id: z.string(), name: z.string(), icon: z.string().nullable() }).nullable(),
  person: personRefSchema.nullable(),
});
export type Responder = z.infer<typeof responderSchema>;

export const incidentDetailSchema = z.object({
  id: z.string(),
  incident_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  status: z.string(),
  severity: z.string().nullable(),
  created_at: z.string(),
  resolved: z.string().nullable(),
  closed: z.string().nullable(),
  commander: personRefSchema.nullable(),
  communicator: personRefSchema.nullable(),
  hypotheses: z.array(hypothesisSchema),
  responders: z.array(responderSchema),
});
export type IncidentDetail = z.infer<typeof incidentDetailSchema>;

export const commentSchema = z.object({
  id: z.string(),
  comment: z.string(),
  hypothesis_id: z.string().nullable(),
  created_at: z.string(),
  created_by: personRefSchema.nullable(),
  external_created_by: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

export const historySchema = z.object({
  id: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  created_by: personRefSchema.nullable(),
});
export type HistoryEntry = z.infer<typeof historySchema>;
