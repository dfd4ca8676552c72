import { serviceOrigin } from './service-origin.ts';
import { passwordField, property } from '../connection-fields.ts';
import { encodedProperty, type ConnectionTypeDefinition } from '../connection-type.ts';

export const iftttConnection: ConnectionTypeDefinition = {
  type: 'ifttt',
  label: 'IFTTT',
  notification: true,
  fields: [property('event', 'Event', { required: true }), passwordField('Webhook Key', true)],
  composeUrl: (p) =>
    `${serviceOrigin(p, 'maker.ifttt.com')}/trigger/${encodedProperty(p, 'event')}/with/key/$(password)`,
};
