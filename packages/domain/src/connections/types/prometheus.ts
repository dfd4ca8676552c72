import type { ConnectionTypeDefinition } from '../connection-type.ts';
import { endpointFields } from './database-fields.ts';

export const prometheusConnection: ConnectionTypeDefinition = {
  type: 'prometheus',
  label: 'Prometheus',
  fields: endpointFields('http://prometheus:9090', true),
};
