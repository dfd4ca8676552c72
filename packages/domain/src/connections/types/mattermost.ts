import { serviceOrigin } from './service-origin.ts';
import { passwordField, property } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const mattermostConnection: ConnectionTypeDefinition = {
  type: 'mattermost',
  label: 'Mattermost',
  notification: true,
  fields: [
    property('host', 'Host', { required: true, placeholder: 'chat.example.com' }),
    passwordField('Webhook Token', true),
    property('channel', 'Channel'),
    property('username', 'Display name'),
  ],
  composeUrl: (p) => `${serviceOrigin(p, '')}/hooks/$(password)`,
};
