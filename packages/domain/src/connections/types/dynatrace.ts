import { passwordField, urlField } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const dynatraceConnection: ConnectionTypeDefinition = {
  type: 'dynatrace',
  label: 'Dynatrace',
  fields: [
    { ...urlField('Environment URL'), placeholder: 'https://abc12345.live.dynatrace.com' },
    passwordField('API Key', true),
  ],
};
