import { z } from 'zod';
import { ActionFailed, defineActionType } from './action-type.ts';

const notificationSchema = z
  .object({
    connection: z.string().optional(),
    url: z.string().optional(),
    title: z.string().min(1, 'This field is required'),
    message: z.string().optional(),
    properties: z.record(z.string(), z.string()).optional(),
  })
  .loose();
type NotificationConfig = z.infer<typeof notificationSchema>;

/** notification: sent through a notification connection's channel (the notifications area). */
export const notificationAction = defineActionType<NotificationConfig>({
  kind: 'notification',
  schema: notificationSchema,
  async run(config, context) {
    if (!config.connection) {
      throw new ActionFailed('notification: a connection is required (connection://ns/name)');
    }
    const connection = await context.connections(config.connection, {
      approved: context.connectionsApproved,
    });
    await context.notify(
      connection,
      { title: config.title, body: config.message ?? '' },
      { idempotencyKey: `playbook-run-${context.runId}-${config.title}`, signal: context.signal },
    );
    return { title: config.title, message: config.message ?? '', connection: config.connection };
  },
});
