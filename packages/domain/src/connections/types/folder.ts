import { property } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const folderConnection: ConnectionTypeDefinition = {
  type: 'folder',
  label: 'Folder',
  fields: [property('path', 'Path', { required: true, placeholder: '/var/data' })],
};
