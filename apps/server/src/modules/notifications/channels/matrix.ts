import type { NotificationChannel } from './channel.ts';
import { deliver, plainText, requiredProperty, requiredUrl, secret } from './http-delivery.ts';

/** Matrix client-server API: PUT with a transaction id, which the homeserver de-duplicates. */
export const matrixChannel: NotificationChannel = {
  type: 'matrix',
  label: 'Matrix',
  async send({ connection, message, idempotencyKey, signal }) {
    const room = encodeURIComponent(requiredProperty(connection, 'room'));
    const txn = encodeURIComponent(idempotencyKey);
    const base = requiredUrl(connection).replace(/\/+$/, '');
    await deliver(`${base}/_matrix/client/v3/rooms/${room}/send/m.room.message/${txn}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${secret(connection, 'accessToken')}` },
      json: { msgtype: 'm.text', body: plainText(message) },
      signal,
    });
  },
};
