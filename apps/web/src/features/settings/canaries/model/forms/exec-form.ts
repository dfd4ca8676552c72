import { checkIdentityFields, expressionFields, textField } from '../check-fields.ts';
import type { CheckForm } from '../check-form.ts';

export const execForm: CheckForm = {
  specKey: 'exec',
  fields: [
    ...checkIdentityFields(),
    textField('script', 'script', { label: 'Script', kind: 'code', required: true }),
    ...expressionFields(),
  ],
};
