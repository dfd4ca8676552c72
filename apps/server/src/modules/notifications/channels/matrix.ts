import type { NotificationChannel } from './channel.ts';
import { deliver, plainText, requiredPassword, requiredUrl } from './http-delivery.ts';

/** Matrix client-server API: PUT with a transaction id, which the homeserver de-duplicates. */
export const matrixChannel: NotificationChannel = {
  type: 'matrix',
  label: 'Matrix',
  async send({ connection, message, idempotencyKey, signal }) {
    // The composed url ends in …/rooms/{room}/send/m.room.message; the txn id completes it.
    const url = `${requiredUrl(connection).replace(/\/+$/, '')}/${encodeURIComponent(idempotencyKey)}`;
    await deliver(url, {
      method: 'PUT',
      headers: { authorization: `Bearer ${requiredPassword(connection, 'access token')}` },
      json: { msgtype: 'm.text', body: plainText(message) },
      signal,
    });
  },
};
