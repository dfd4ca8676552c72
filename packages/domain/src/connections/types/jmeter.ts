import { property } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const jmeterConnection: ConnectionTypeDefinition = {
  type: 'jmeter',
  label: 'JMeter',
  hidden: true,
  fields: [
    property('host', 'Host', { required: true }),
    { kind: 'numberInput', key: 'properties.port', label: 'Port' },
  ],
};
