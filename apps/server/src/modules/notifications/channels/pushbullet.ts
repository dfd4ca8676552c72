import type { NotificationChannel } from './channel.ts';
import { baseUrl, deliver, property, secret } from './http-delivery.ts';

/** Pushbullet pushes API: a note, to all devices unless a device, email or channel is given. */
export const pushbulletChannel: NotificationChannel = {
  type: 'pushbullet',
  label: 'Pushbullet',
  async send({ connection, message, signal }) {
    const target: Record<string, string> = {};
    const device = property(connection, 'device_iden');
    const email = property(connection, 'email');
    const channel = property(connection, 'channel_tag');
    if (device) target.device_iden = device;
    else if (email) target.email = email;
    else if (channel) target.channel_tag = channel;
    await deliver(`${baseUrl(connection, 'https://api.pushbullet.com')}/v2/pushes`, {
      headers: { 'access-token': secret(connection, 'token') },
      json: { type: 'note', title: message.title, body: message.body, ...target },
      signal,
    });
  },
};
