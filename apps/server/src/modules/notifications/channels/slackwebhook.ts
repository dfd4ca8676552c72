import type { NotificationChannel } from './channel.ts';
import { deliver, requiredUrl } from './http-delivery.ts';
import { slackContent } from './slack-text.ts';

/** Slack incoming webhook: the channel is fixed by the webhook, so the body has none. */
export const slackWebhookChannel: NotificationChannel = {
  type: 'slackwebhook',
  label: 'Slack Webhook',
  async send({ connection, message, signal }) {
    await deliver(requiredUrl(connection), { json: slackContent(message), signal });
  },
};
