import type { NotificationChannel } from './channel.ts';
import { deliver, requiredUrl } from './http-delivery.ts';

/** Microsoft Teams incoming webhook with a legacy MessageCard (its text renders markdown). */
export const teamsChannel: NotificationChannel = {
  type: 'teams',
  label: 'Microsoft Teams',
  async send({ connection, message, signal }) {
    await deliver(requiredUrl(connection), {
      json: {
        '@type': 'MessageCard',
        '@context': 'https://schema.org/extensions',
        summary: message.title || message.body.slice(0, 80),
        title: message.title,
        text: message.body,
      },
      signal,
    });
  },
};
