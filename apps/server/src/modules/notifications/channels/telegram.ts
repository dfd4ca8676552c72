import type { NotificationChannel } from './channel.ts';
import { baseUrl, deliver, plainText, requiredProperty, secret } from './http-delivery.ts';

/** Telegram Bot API sendMessage; plain text, since templates are not Telegram's markdown. */
export const telegramChannel: NotificationChannel = {
  type: 'telegram',
  label: 'Telegram',
  async send({ connection, message, signal }) {
    const token = secret(connection, 'token');
    await deliver(`${baseUrl(connection, 'https://api.telegram.org')}/bot${token}/sendMessage`, {
      json: {
        chat_id: requiredProperty(connection, 'chats'),
        text: plainText(message).slice(0, 4096),
      },
      signal,
    });
  },
};
