import type { NotificationChannel } from './channel.ts';
import { deliver, listProperty, requiredPassword, requiredUrl } from './http-delivery.ts';

/** Pushbullet pushes API: one note per target (device id, #channel tag or email), else all. */
export const pushbulletChannel: NotificationChannel = {
  type: 'pushbullet',
  label: 'Pushbullet',
  async send({ connection, message, signal }) {
    const token = requiredPassword(connection, 'access token');
    const targets = listProperty(connection, 'targets');
    for (const target of targets.length > 0 ? targets : ['']) {
      await deliver(requiredUrl(connection), {
        headers: { 'access-token': token },
        json: { type: 'note', title: message.title, body: message.body, ...targetOf(target) },
        signal,
      });
    }
  },
};

function targetOf(target: string): Record<string, string> {
  if (target === '') return {};
  if (target.startsWith('#')) return { channel_tag: target.slice(1) };
  if (target.includes('@')) return { email: target };
  return { device_iden: target };
}
