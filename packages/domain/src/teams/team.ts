import { z } from 'zod';

/** Responder types a team can configure (spec 002 §3), with the fields each one's form asks. */
export const responderTypeFields = {
  email: ['to', 'subject', 'body'],
  jira: ['configType', 'project', 'issueType', 'priority', 'summary', 'description'],
  service_now: ['category', 'description', 'body'],
  ca: ['category', 'description', 'body'],
  aws_support: ['category', 'description', 'body'],
  aws_ams_services_request: ['category', 'description', 'body'],
  redhat: ['product', 'category', 'description', 'body'],
  oracle: ['product', 'category', 'description', 'body'],
  vmware: ['product', 'category', 'description', 'body'],
  ms_planner: ['plan_id', 'bucket_id', 'priority', 'title', 'description'],
  person: ['person'],
} as const;

export type ResponderType = keyof typeof responderTypeFields;
export const responderTypes = Object.keys(responderTypeFields);

export function isResponderType(value: string): value is ResponderType {
  return Object.hasOwn(responderTypeFields, value);
}

/** One responder client: the values a responder form offers, its defaults and a link. */
export const responderClientSchema = z
  .object({
    values: z.record(z.string(), z.unknown()).optional(),
    defaults: z.record(z.string(), z.unknown()).optional(),
    linkUrl: z.string().max(2048).optional(),
  })
  .loose();

/** A team's spec: responder_clients keyed by responder type; other keys are kept. */
export const teamSpecSchema = z
  .object({
    responder_clients: z
      .record(z.string(), responderClientSchema)
      .superRefine((clients, ctx) => {
        for (const key of Object.keys(clients))
          if (!isResponderType(key))
            ctx.addIssue({
              code: 'custom',
              path: [key],
              message: `is not a responder type (one of ${responderTypes.join(', ')})`,
            });
      })
      .optional(),
  })
  .loose();

export type TeamSpec = z.output<typeof teamSpecSchema>;

/** A row of teams_with_status (spec 002 §3 Team plus the settings list's columns). */
export const teamRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullish(),
  spec: z.unknown(),
  source: z.string().nullish(),
  member_count: z.number().optional(),
});
export type TeamRow = z.output<typeof teamRowSchema>;
