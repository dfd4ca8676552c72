import { serviceOrigin } from './service-origin.ts';
import { passwordField, property } from '../connection-fields.ts';
import { encodedProperty, type ConnectionTypeDefinition } from '../connection-type.ts';

export const matrixConnection: ConnectionTypeDefinition = {
  type: 'matrix',
  label: 'Matrix',
  notification: true,
  fields: [
    property('host', 'Homeserver', { required: true, placeholder: 'matrix.org' }),
    property('room', 'Room ID', { required: true, placeholder: '!abc:matrix.org' }),
    passwordField('Access Token', true),
  ],
  composeUrl: (p) =>
    `${serviceOrigin(p, '')}/_matrix/client/v3/rooms/${encodedProperty(p, 'room')}/send/m.room.message`,
};
