import { insecureTlsField, property } from '../connection-fields.ts';
import type { FormField } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

/** Access key, secret key, region and endpoint: shared by aws and s3. */
export const awsFields: readonly FormField[] = [
  { kind: 'EnvVarSource', key: 'username', label: 'Access Key', required: true },
  { kind: 'EnvVarSource', key: 'password', label: 'Secret Key', required: true },
  property('region', 'Region', { placeholder: 'us-east-1' }),
  { kind: 'input', key: 'url', label: 'Endpoint', placeholder: 'https://s3.amazonaws.com' },
  insecureTlsField,
];

export const awsConnection: ConnectionTypeDefinition = {
  type: 'aws',
  label: 'AWS',
  fields: awsFields,
};
