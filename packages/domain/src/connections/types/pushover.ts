import { serviceOrigin } from './service-origin.ts';
import { property } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const pushoverConnection: ConnectionTypeDefinition = {
  type: 'pushover',
  label: 'Pushover',
  notification: true,
  fields: [
    { kind: 'EnvVarSource', key: 'password', label: 'API Token', required: true },
    { kind: 'EnvVarSource', key: 'username', label: 'User Key', required: true },
    property('devices', 'Devices', { hint: 'Comma-separated; all devices when empty' }),
  ],
  composeUrl: (p) => `${serviceOrigin(p, 'api.pushover.net')}/1/messages.json`,
};
