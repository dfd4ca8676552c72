import type { NotificationChannel } from './channel.ts';
import { DeliveryError, deliver, property, requiredUrl } from './http-delivery.ts';

/** ntfy JSON publishing: POST to the server root with the topic in the body. */
export const ntfyChannel: NotificationChannel = {
  type: 'ntfy',
  label: 'ntfy',
  async send({ connection, message, signal }) {
    // The composed url is {origin}/{topic}; JSON publishing posts to the origin instead.
    const url = new URL(requiredUrl(connection));
    const topic = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    if (!topic) throw new DeliveryError(`connection ${connection.name} has no topic`);
    const headers: Record<string, string> = {};
    if (connection.username && connection.password) {
      const pair = `${connection.username}:${connection.password}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    } else if (connection.password) {
      headers.authorization = `Bearer ${connection.password}`;
    }
    const priority = Number(property(connection, 'priority') ?? 3);
    await deliver(`${url.origin}${url.pathname.replace(/\/[^/]*$/, '')}/`, {
      headers,
      json: {
        topic,
        title: message.title,
        message: message.body,
        markdown: true,
        priority: Number.isInteger(priority) && priority >= 1 && priority <= 5 ? priority : 3,
      },
      signal,
    });
  },
};
