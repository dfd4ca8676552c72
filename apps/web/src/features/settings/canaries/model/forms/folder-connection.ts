import { isJsonObject } from '../canary-resource.ts';
import { type CheckField, type FieldValue, setAt, textField } from '../check-fields.ts';

const blocks = ['sftpConnection', 'awsConnection', 'smbConnection'] as const;
type Block = (typeof blocks)[number];

/** The connection block a folder path reads through, by its scheme; none for a local path. */
export function connectionBlockFor(path: string): Block | undefined {
  const lower = path.trim().toLowerCase();
  if (lower.startsWith('sftp://')) return 'sftpConnection';
  if (lower.startsWith('s3://')) return 'awsConnection';
  if (lower.startsWith('smb://') || path.startsWith('\\\\')) return 'smbConnection';
  return undefined;
}

const asText = (value: FieldValue | undefined): string => (typeof value === 'string' ? value : '');

/**
 * A saved connection (`connection://namespace/name`) for a remote folder. canary-checker keeps
 * it in the block of the path's scheme (`sftpConnection.connection`, …); the other settings of
 * that block (host, port, region …) stay as the YAML has them.
 */
export const folderConnectionField: CheckField = {
  ...textField('connection', 'connection', {
    label: 'Connection',
    placeholder: 'connection://namespace/name',
    hint: 'A saved connection for sftp://, s3:// and smb:// paths',
  }),
  visibleWhen: (values) => connectionBlockFor(asText(values.path)) !== undefined,
  read: (check) => {
    for (const block of blocks) {
      const value = check[block];
      if (isJsonObject(value) && typeof value.connection === 'string') return value.connection;
    }
    return '';
  },
  // Runs after the path is written (the path comes first in the form), so it sees the new one.
  write: (check, value) => {
    const target = connectionBlockFor(typeof check.path === 'string' ? check.path : '');
    const text = asText(value).trim();
    for (const block of blocks) {
      const keep = block === target && text !== '';
      setAt(check, [block, 'connection'], keep ? text : undefined);
    }
  },
};
