import type { NotificationChannel } from './channel.ts';
import { deliver, property, requiredUrl } from './http-delivery.ts';

/** A plain JSON webhook: `title` and `message` keys (spec 002 §9), POST unless configured. */
export const genericWebhookChannel: NotificationChannel = {
  type: 'generic_webhook',
  label: 'Generic Webhook',
  async send({ connection, message, signal }) {
    const method = (property(connection, 'method') ?? 'POST').toUpperCase();
    const contentType = property(connection, 'contentType') ?? 'application/json';
    const titleKey = property(connection, 'titleKey') ?? 'title';
    const messageKey = property(connection, 'messageKey') ?? 'message';
    const headers: Record<string, string> = { 'content-type': contentType };
    if (connection.username && connection.password) {
      const pair = `${connection.username}:${connection.password}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    }
    await deliver(requiredUrl(connection), {
      method,
      headers,
      json: { [titleKey]: message.title, [messageKey]: message.body },
      signal,
    });
  },
};
