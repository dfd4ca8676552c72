import { z } from 'zod';

/** The events a notification can subscribe to (spec 002 §9), in the spec's order. */
export const notificationEvents = [
  'check.failed',
  'check.passed',
  'component.healthy',
  'component.unhealthy',
  'component.unknown',
  'component.warning',
  'config.created',
  'config.deleted',
  'config.healthy',
  'config.unhealthy',
  'config.unknown',
  'config.updated',
  'config.warning',
  'playbook.approval.inserted',
  'playbook.spec.approval.updated',
] as const;
export const notificationEventSchema = z.enum(notificationEvents);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** The channel kinds a custom service's connection may be (spec 002 §3). */
export const notificationChannelTypes = [
  'discord',
  'email',
  'google_chat',
  'ifttt',
  'mattermost',
  'matrix',
  'ntfy',
  'opsgenie',
  'pushbullet',
  'pushover',
  'rocketchat',
  'slack',
  'slackwebhook',
  'teams',
  'telegram',
  'zulip_chat',
  'generic_webhook',
] as const;
export const notificationChannelTypeSchema = z.enum(notificationChannelTypes);
export type NotificationChannelType = z.infer<typeof notificationChannelTypeSchema>;

export const connectionReferencePattern = /^connection:\/\/[^/]+\/[^/]+$/;

/** One custom service: a connection (`connection://namespace/name`) and a display name. */
export const customServiceSchema = z.object({
  connection: z
    .string()
    .regex(connectionReferencePattern, 'must be a connection://namespace/name reference'),
  name: z.string().min(1).max(200),
});
export type CustomService = z.infer<typeof customServiceSchema>;

/** `30m`, `4h`, `1d`: how long the same notification for one resource stays quiet. */
export const repeatIntervalPattern = /^\d+(s|m|h|d)$/;

const uuid = z.string().uuid();

/** The fields of a notification, each checked on its own (a PATCH sets some). */
export const notificationFieldsSchema = z.object({
  title: z.string().max(500).nullish(),
  events: z.array(notificationEventSchema).min(1, 'events are required'),
  filter: z.string().max(4000).nullish(),
  template: z.string().min(1, 'template is required').max(20_000),
  person_id: uuid.nullish(),
  team_id: uuid.nullish(),
  custom_services: z.array(customServiceSchema).nullish(),
  repeat_interval: z
    .string()
    .regex(repeatIntervalPattern, 'repeat_interval must look like 30m, 4h or 1d')
    .nullish(),
  properties: z.record(z.string(), z.unknown()).nullish(),
  source: z.string().nullish(),
});

/** A notification as the settings form writes it (spec 002 §3, §5): one recipient kind. */
export const notificationInputSchema = notificationFieldsSchema.superRefine((value, ctx) => {
  const kinds = [
    value.person_id ? 1 : 0,
    value.team_id ? 1 : 0,
    value.custom_services && value.custom_services.length > 0 ? 1 : 0,
  ].reduce((a, b) => a + b, 0);
  if (kinds !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['recipient'],
      message: 'choose exactly one recipient: a person, a team or custom services',
    });
  }
});
export type NotificationInput = z.infer<typeof notificationInputSchema>;

/** A row of notifications_summary (spec 002 §3, §7). */
export const notificationSummarySchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  events: z.array(z.string()),
  filter: z.string().nullable(),
  template: z.string().nullable(),
  person_id: z.string().nullable(),
  team_id: z.string().nullable(),
  custom_services: z.array(customServiceSchema).nullable(),
  repeat_interval: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()).nullable(),
  source: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  pending: z.number(),
  failed: z.number(),
  sent: z.number(),
  avg_duration_ms: z.number().nullable(),
  most_common_error: z.string().nullable(),
});
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;

/** Parses `30m`-style intervals to milliseconds. */
export function repeatIntervalMs(value: string): number {
  const match = /^(\d+)(s|m|h|d)$/.exec(value);
  if (!match) throw new Error(`${value} is not an interval such as 30m, 4h or 1d`);
  const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] ?? 's'] ?? 1000;
  return Number(match[1]) * unit;
}
