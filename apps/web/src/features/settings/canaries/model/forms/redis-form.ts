import { checkIdentityFields, expressionFields, numberField, textField } from '../check-fields.ts';
import type { CheckForm } from '../check-form.ts';
import { credentialFields } from '../credential-fields.ts';

export const redisForm: CheckForm = {
  specKey: 'redis',
  fields: [
    ...checkIdentityFields(),
    textField('addr', 'addr', { label: 'Address', required: true, placeholder: 'host:6379' }),
    numberField('db', 'db', { label: 'Database' }),
    ...credentialFields(),
    ...expressionFields(),
  ],
};
