import type { NotificationChannel } from './channel.ts';
import { deliver, property, requiredPassword, requiredUrl } from './http-delivery.ts';

/** OpsGenie Alert API: `message` is limited to 130 characters, the body goes to description. */
export const opsgenieChannel: NotificationChannel = {
  type: 'opsgenie',
  label: 'OpsGenie',
  async send({ connection, message, idempotencyKey, signal }) {
    const priority = property(connection, 'priority');
    await deliver(requiredUrl(connection), {
      headers: { authorization: `GenieKey ${requiredPassword(connection, 'API key')}` },
      json: {
        message: (message.title || message.body).slice(0, 130),
        description: message.body.slice(0, 15_000),
        alias: idempotencyKey.slice(0, 512),
        source: 'Vigil',
        ...(priority && /^P[1-5]$/.test(priority) ? { priority } : {}),
      },
      signal,
    });
  },
};
