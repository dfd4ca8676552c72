import { checkIdentityFields, expressionFields, textField } from '../check-fields.ts';
import type { CheckForm } from '../check-form.ts';
import { credentialFields } from '../credential-fields.ts';

export const mongodbForm: CheckForm = {
  specKey: 'mongodb',
  fields: [
    ...checkIdentityFields(),
    textField('url', 'url', { label: 'URL', required: true, placeholder: 'mongodb://host:27017' }),
    ...credentialFields(),
    ...expressionFields(),
  ],
};
