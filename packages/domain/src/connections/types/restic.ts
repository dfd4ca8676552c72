import { passwordField, urlField } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const resticConnection: ConnectionTypeDefinition = {
  type: 'restic',
  label: 'Restic',
  fields: [
    { ...urlField('Repository'), placeholder: 's3:s3.amazonaws.com/bucket/restic' },
    passwordField('Repository Password', true),
  ],
};
