import type { NotificationChannel } from './channel.ts';
import { DeliveryError, deliver, listProperty, plainText, requiredUrl } from './http-delivery.ts';

/** Telegram Bot API sendMessage, once per chat; plain text, as templates are not its markdown. */
export const telegramChannel: NotificationChannel = {
  type: 'telegram',
  label: 'Telegram',
  async send({ connection, message, signal }) {
    const chats = listProperty(connection, 'chats');
    if (chats.length === 0) throw new DeliveryError(`connection ${connection.name} has no chats`);
    for (const chat of chats) {
      await deliver(requiredUrl(connection), {
        json: { chat_id: chat, text: plainText(message).slice(0, 4096) },
        signal,
      });
    }
  },
};
