import { z } from 'zod';
import type { NotificationChannel } from './channel.ts';
import {
  DeliveryError,
  deliver,
  property,
  requiredPassword,
  requiredProperty,
  requiredUrl,
} from './http-delivery.ts';
import { slackContent } from './slack-text.ts';

const slackAnswer = z.object({ ok: z.boolean(), error: z.string().optional() });

/** Slack Web API chat.postMessage with the bot token; Slack answers 200 even when it refuses. */
export const slackChannel: NotificationChannel = {
  type: 'slack',
  label: 'Slack',
  async send({ connection, message, signal }) {
    const username = property(connection, 'username');
    const answer = await deliver(requiredUrl(connection), {
      headers: {
        authorization: `Bearer ${requiredPassword(connection, 'bot token')}`,
        'content-type': 'application/json; charset=utf-8',
      },
      json: {
        channel: requiredProperty(connection, 'channel'),
        ...slackContent(message),
        ...(username ? { username } : {}),
      },
      signal,
    });
    const parsed = slackAnswer.safeParse(parseJson(answer));
    if (!parsed.success) throw new DeliveryError('Slack answered something other than its API');
    if (!parsed.data.ok) throw new DeliveryError(`Slack: ${parsed.data.error ?? 'not ok'}`);
  },
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
