import { serviceOrigin } from './service-origin.ts';
import { passwordField, property } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const pushbulletConnection: ConnectionTypeDefinition = {
  type: 'pushbullet',
  label: 'Pushbullet',
  notification: true,
  fields: [
    passwordField('Access Token', true),
    property('targets', 'Targets', {
      hint: 'Device ids, channel tags (#tag) or emails, comma-separated',
    }),
  ],
  composeUrl: (p) => `${serviceOrigin(p, 'api.pushbullet.com')}/v2/pushes`,
};
