import type { NotificationChannel } from './channel.ts';
import { deliver, requiredUrl } from './http-delivery.ts';

/** Slack incoming webhook: `text` is the fallback, the section block renders the markdown. */
export const slackChannel: NotificationChannel = {
  type: 'slack',
  label: 'Slack',
  async send({ connection, message, signal }) {
    const text = message.title ? `*${message.title}*\n${message.body}` : message.body;
    await deliver(requiredUrl(connection), {
      json: {
        text,
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text: text.slice(0, 3000) } }],
      },
      signal,
    });
  },
};
