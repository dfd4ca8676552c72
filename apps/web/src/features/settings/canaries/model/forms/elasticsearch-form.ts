import { checkIdentityFields, expressionFields, numberField, textField } from '../check-fields.ts';
import type { CheckForm } from '../check-form.ts';
import { credentialFields } from '../credential-fields.ts';

export const elasticsearchForm: CheckForm = {
  specKey: 'elasticsearch',
  fields: [
    ...checkIdentityFields(),
    textField('url', 'url', {
      label: 'URL',
      required: true,
      placeholder: 'http://elasticsearch:9200',
    }),
    textField('index', 'index', { label: 'Index', required: true }),
    textField('query', 'query', { label: 'Query', kind: 'code', required: true }),
    numberField('results', 'results', { label: 'Expected Results' }),
    ...credentialFields(),
    ...expressionFields(),
  ],
};
