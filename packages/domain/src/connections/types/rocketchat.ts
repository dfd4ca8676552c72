import { passwordField, property } from '../connection-fields.ts';
import { propertyText, type ConnectionTypeDefinition } from '../connection-type.ts';

export const rocketchatConnection: ConnectionTypeDefinition = {
  type: 'rocketchat',
  label: 'Rocket.Chat',
  notification: true,
  fields: [
    property('host', 'Host', { required: true, placeholder: 'chat.example.com' }),
    passwordField('Webhook Token', true),
    property('channel', 'Channel'),
    property('username', 'Display name'),
  ],
  composeUrl: (p) => `https://${propertyText(p, 'host')}/hooks/$(password)`,
};
