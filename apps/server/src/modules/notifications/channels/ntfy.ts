import type { NotificationChannel } from './channel.ts';
import { baseUrl, deliver, property, requiredProperty } from './http-delivery.ts';

/** ntfy JSON publishing: POST to the server root with the topic in the body. */
export const ntfyChannel: NotificationChannel = {
  type: 'ntfy',
  label: 'ntfy',
  async send({ connection, message, signal }) {
    const headers: Record<string, string> = {};
    if (connection.username && connection.password) {
      const pair = `${connection.username}:${connection.password}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    } else if (connection.password) {
      headers.authorization = `Bearer ${connection.password}`;
    }
    const priority = Number(property(connection, 'priority') ?? 3);
    await deliver(baseUrl(connection, 'https://ntfy.sh'), {
      headers,
      json: {
        topic: requiredProperty(connection, 'topic'),
        title: message.title,
        message: message.body,
        markdown: true,
        priority: Number.isInteger(priority) && priority >= 1 && priority <= 5 ? priority : 3,
      },
      signal,
    });
  },
};
