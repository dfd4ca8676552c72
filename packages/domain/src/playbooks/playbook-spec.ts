import { z } from 'zod';

/**
 * Mission Control's Playbook spec (mission-control.flanksource.com/v1). Objects are loose where
 * upstream has fields this server does not interpret, so existing playbooks apply unchanged.
 */

/** A resource selector as duty writes it: every field optional, matched together. */
export const resourceSelectorSchema = z
  .object({
    id: z.string().optional(),
    name: z.string().optional(),
    namespace: z.string().optional(),
    agent: z.string().optional(),
    scope: z.string().optional(),
    cache: z.string().optional(),
    search: z.string().optional(),
    types: z.array(z.string()).optional(),
    statuses: z.array(z.string()).optional(),
    health: z.string().optional(),
    tagSelector: z.string().optional(),
    labelSelector: z.string().optional(),
    fieldSelector: z.string().optional(),
    includeDeleted: z.boolean().optional(),
  })
  .loose();
export type ResourceSelector = z.infer<typeof resourceSelectorSchema>;

export const playbookParameterTypes = [
  'check',
  'checkbox',
  'code',
  'component',
  'config',
  'configs',
  'duration',
  'list',
  'people',
  'team',
  'text',
  'millicores',
  'bytes',
  'secret',
] as const;
export const playbookParameterTypeSchema = z.enum(playbookParameterTypes);
export type PlaybookParameterType = z.infer<typeof playbookParameterTypeSchema>;

/** A scalar written in YAML as a string, number or boolean (`multiline: "true"`). */
const scalar = z.union([z.string(), z.number(), z.boolean()]);

export const playbookParameterSchema = z
  .object({
    name: z.string().min(1, 'This field is required'),
    label: z.string().optional(),
    default: scalar.optional(),
    required: z.boolean().optional(),
    icon: z.string().optional(),
    description: z.string().optional(),
    type: playbookParameterTypeSchema.optional(),
    properties: z.record(z.string(), z.unknown()).optional(),
    dependsOn: z.array(z.string()).optional(),
  })
  .loose();
export type PlaybookParameter = z.infer<typeof playbookParameterSchema>;

export const playbookRetrySchema = z
  .object({
    limit: z.number().int().min(0).max(100),
    duration: z.string().min(1),
    jitter: z.number().int().min(0).max(100).optional(),
    exponent: z
      .object({ multiplier: z.number().min(1).max(100) })
      .loose()
      .optional(),
  })
  .loose();
export type PlaybookRetry = z.infer<typeof playbookRetrySchema>;

/** Every action kind Mission Control defines; exactly one is set per action. */
export const playbookActionKinds = [
  'exec',
  'http',
  'sql',
  'notification',
  'logs',
  'gitops',
  'github',
  'azureDevopsPipeline',
  'pod',
  'prometheus',
  'ai',
  'report',
  'catalog',
] as const;
export type PlaybookActionKind = (typeof playbookActionKinds)[number];

const actionBody = z.record(z.string(), z.unknown());

export const playbookActionSchema = z
  .object({
    name: z.string().trim().min(1, 'This field is required'),
    delay: z.string().optional(),
    timeout: z.string().optional(),
    if: z.string().optional(),
    retry: playbookRetrySchema.optional(),
    runsOn: z.array(z.string()).optional(),
    templatesOn: z.string().optional(),
    contentType: z.string().optional(),
    exec: actionBody.optional(),
    http: actionBody.optional(),
    sql: actionBody.optional(),
    notification: actionBody.optional(),
    logs: actionBody.optional(),
    gitops: actionBody.optional(),
    github: actionBody.optional(),
    azureDevopsPipeline: actionBody.optional(),
    pod: actionBody.optional(),
    prometheus: actionBody.optional(),
    ai: actionBody.optional(),
    report: actionBody.optional(),
    catalog: actionBody.optional(),
  })
  .strict();
export type PlaybookAction = z.infer<typeof playbookActionSchema>;

const envVarSchema = z
  .object({
    name: z.string().optional(),
    value: z.string().optional(),
    valueFrom: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

const triggerEventSchema = z
  .object({
    event: z.string().min(1),
    labels: z.record(z.string(), z.string()).optional(),
    filter: z.string().optional(),
  })
  .loose();

export const playbookWebhookAuthSchema = z
  .object({
    basic: z.object({ username: envVarSchema, password: envVarSchema }).loose().optional(),
    github: z.object({ token: envVarSchema }).loose().optional(),
    svix: z.object({ secret: envVarSchema }).loose().optional(),
    jwt: z.object({ jwksUri: z.string() }).loose().optional(),
  })
  .loose();

export const playbookTriggerSchema = z
  .object({
    canary: z.array(triggerEventSchema).optional(),
    config: z.array(triggerEventSchema).optional(),
    component: z.array(triggerEventSchema).optional(),
    webhook: z
      .object({
        path: z.string().min(1),
        authentication: playbookWebhookAuthSchema.optional(),
      })
      .loose()
      .optional(),
    schedule: z
      .array(
        z
          .object({
            schedule: z.string().min(1),
            parameters: z.record(z.string(), z.string()).optional(),
          })
          .loose(),
      )
      .optional(),
  })
  .loose();
export type PlaybookTrigger = z.infer<typeof playbookTriggerSchema>;

export const playbookApprovalSchema = z
  .object({
    type: z.enum(['any', 'all']).optional(),
    approvers: z
      .object({ people: z.array(z.string()).optional(), teams: z.array(z.string()).optional() })
      .loose()
      .optional(),
  })
  .loose();
export type PlaybookApproval = z.infer<typeof playbookApprovalSchema>;

export const playbookSpecSchema = z
  .object({
    title: z.string().optional(),
    description: z.string().optional(),
    category: z.string().optional(),
    icon: z.string().optional(),
    timeout: z.string().optional(),
    on: playbookTriggerSchema.optional(),
    runsOn: z.array(z.string()).optional(),
    env: z.array(envVarSchema).optional(),
    templatesOn: z.string().optional(),
    permissions: z.array(z.record(z.string(), z.unknown())).optional(),
    configs: z.array(resourceSelectorSchema).optional(),
    checks: z.array(resourceSelectorSchema).optional(),
    components: z.array(resourceSelectorSchema).optional(),
    parameters: z.array(playbookParameterSchema).optional(),
    actions: z.array(playbookActionSchema).min(1, 'playbook must define at least one action'),
    filters: z.array(z.string()).optional(),
    approval: playbookApprovalSchema.optional(),
    jsonSchema: z.string().optional(),
    ui: z.unknown().optional(),
    mcp: z.unknown().optional(),
  })
  .strict();
export type PlaybookSpec = z.infer<typeof playbookSpecSchema>;

/** The Kubernetes-shaped resource `vigil apply` and kubectl send. */
export const playbookResourceSchema = z.object({
  apiVersion: z.literal('mission-control.flanksource.com/v1'),
  kind: z.literal('Playbook'),
  metadata: z.object({ name: z.string().min(1), namespace: z.string().optional() }).loose(),
  spec: playbookSpecSchema,
});
