import { serviceOrigin } from './service-origin.ts';
import { passwordField, property } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const telegramConnection: ConnectionTypeDefinition = {
  type: 'telegram',
  label: 'Telegram',
  notification: true,
  fields: [
    passwordField('Bot Token', true),
    property('chats', 'Chats', {
      required: true,
      hint: 'Chat ids or @channel names, comma-separated',
    }),
  ],
  composeUrl: (p) => `${serviceOrigin(p, 'api.telegram.org')}/bot$(password)/sendMessage`,
};
