import { serviceOrigin } from './service-origin.ts';
import { passwordField, property } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const slackConnection: ConnectionTypeDefinition = {
  type: 'slack',
  label: 'Slack',
  notification: true,
  fields: [
    passwordField('Bot Token', true),
    property('channel', 'Channel', { required: true, placeholder: '#alerts' }),
    property('username', 'Display name'),
  ],
  composeUrl: (p) => `${serviceOrigin(p, 'slack.com')}/api/chat.postMessage`,
};
