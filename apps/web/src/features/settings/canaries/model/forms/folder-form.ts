import { checkIdentityFields, expressionFields, numberField, textField } from '../check-fields.ts';
import type { CheckForm } from '../check-form.ts';
import { folderConnectionField } from './folder-connection.ts';

export const folderForm: CheckForm = {
  specKey: 'folder',
  fields: [
    ...checkIdentityFields(),
    textField('path', 'path', {
      label: 'Path',
      required: true,
      placeholder: '/var/backups, sftp://host/path or s3://bucket/prefix',
    }),
    folderConnectionField,
    textField('filterRegex', 'filter.regex', { label: 'Filter (regex)' }),
    textField('minAge', 'minAge', { label: 'Min Age', placeholder: 'e.g. 1h' }),
    textField('maxAge', 'maxAge', { label: 'Max Age', placeholder: 'e.g. 1d' }),
    numberField('minCount', 'minCount', { label: 'Min Count' }),
    numberField('maxCount', 'maxCount', { label: 'Max Count' }),
    textField('minSize', 'minSize', { label: 'Min Size', placeholder: 'e.g. 10MB' }),
    textField('maxSize', 'maxSize', { label: 'Max Size', placeholder: 'e.g. 1GiB' }),
    ...expressionFields(),
  ],
};
