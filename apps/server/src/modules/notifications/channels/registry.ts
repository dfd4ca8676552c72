import type { NotificationChannelType } from '@vigil/domain';
import type { OpenedConnection } from '../../connections/index.ts';
import type { NotificationChannel } from './channel.ts';
import { discordChannel } from './discord.ts';
import { emailChannel } from './email.ts';
import { genericWebhookChannel } from './generic-webhook.ts';
import { googleChatChannel } from './google-chat.ts';
import { DeliveryError } from './http-delivery.ts';
import { iftttChannel } from './ifttt.ts';
import { matrixChannel } from './matrix.ts';
import { mattermostChannel } from './mattermost.ts';
import { ntfyChannel } from './ntfy.ts';
import { opsgenieChannel } from './opsgenie.ts';
import { pushbulletChannel } from './pushbullet.ts';
import { pushoverChannel } from './pushover.ts';
import { rocketChatChannel } from './rocketchat.ts';
import { slackChannel } from './slack.ts';
import { slackWebhookChannel } from './slackwebhook.ts';
import { teamsChannel } from './teams.ts';
import { telegramChannel } from './telegram.ts';
import { zulipChannel } from './zulip.ts';

/** Every notification channel, one per connection type. */
export const notificationChannels: ReadonlyMap<NotificationChannelType, NotificationChannel> =
  new Map(
    [
      discordChannel,
      emailChannel,
      googleChatChannel,
      iftttChannel,
      mattermostChannel,
      matrixChannel,
      ntfyChannel,
      opsgenieChannel,
      pushbulletChannel,
      pushoverChannel,
      rocketChatChannel,
      slackChannel,
      slackWebhookChannel,
      teamsChannel,
      telegramChannel,
      zulipChannel,
      genericWebhookChannel,
    ].map((channel) => [channel.type, channel]),
  );

/** The channel for a connection's type; throws for a connection that cannot notify. */
export function channelFor(connection: OpenedConnection): NotificationChannel {
  for (const [type, channel] of notificationChannels) {
    if (type === connection.type) return channel;
  }
  throw new DeliveryError(
    `connection ${connection.namespace}/${connection.name} of type ${connection.type} cannot send notifications`,
  );
}

/** Sends a fixed test message through a connection (for the connection test endpoint). */
export async function sendTestMessage(
  connection: OpenedConnection,
  signal: AbortSignal = AbortSignal.timeout(15_000),
): Promise<void> {
  await channelFor(connection).send({
    connection,
    message: { title: 'Vigil test notification', body: 'This is a test message from Vigil.' },
    idempotencyKey: `test-${Date.now()}`,
    signal,
  });
}
