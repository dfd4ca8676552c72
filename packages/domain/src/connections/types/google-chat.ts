import { serviceOrigin } from './service-origin.ts';
import { property } from '../connection-fields.ts';
import { encodedProperty, type ConnectionTypeDefinition } from '../connection-type.ts';

export const googleChatConnection: ConnectionTypeDefinition = {
  type: 'google_chat',
  label: 'Google Chat',
  notification: true,
  fields: [
    property('space', 'Space', { required: true, placeholder: 'AAAAxxxx' }),
    { kind: 'EnvVarSource', key: 'username', label: 'Key', required: true },
    { kind: 'EnvVarSource', key: 'password', label: 'Token', required: true },
  ],
  composeUrl: (p) =>
    `${serviceOrigin(p, 'chat.googleapis.com')}/v1/spaces/${encodedProperty(p, 'space')}/messages?key=$(username)&token=$(password)`,
};
