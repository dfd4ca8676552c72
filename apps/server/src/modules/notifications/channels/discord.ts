import type { NotificationChannel } from './channel.ts';
import { deliver, plainText, requiredUrl } from './http-delivery.ts';

/** Discord webhook: `content` (markdown) is limited to 2,000 characters. */
export const discordChannel: NotificationChannel = {
  type: 'discord',
  label: 'Discord',
  async send({ connection, message, signal }) {
    const content = message.title ? `**${message.title}**\n${message.body}` : plainText(message);
    await deliver(requiredUrl(connection), { json: { content: content.slice(0, 2000) }, signal });
  },
};
