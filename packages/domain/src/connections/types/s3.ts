import { property } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';
import { awsFields } from './aws.ts';

export const s3Connection: ConnectionTypeDefinition = {
  type: 's3',
  label: 'S3',
  fields: [
    property('bucket', 'Bucket', { required: true }),
    ...awsFields,
    { kind: 'checkbox', key: 'properties.usePathStyle', label: 'Use path style', default: false },
  ],
};
