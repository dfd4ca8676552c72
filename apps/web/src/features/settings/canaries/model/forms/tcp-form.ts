import { checkIdentityFields, expressionFields, numberField, textField } from '../check-fields.ts';
import type { CheckForm } from '../check-form.ts';

export const tcpForm: CheckForm = {
  specKey: 'tcp',
  fields: [
    ...checkIdentityFields(),
    textField('endpoint', 'endpoint', {
      label: 'Endpoint',
      required: true,
      placeholder: 'host:port',
    }),
    numberField('thresholdMillis', 'thresholdMillis', { label: 'Threshold (ms)' }),
    ...expressionFields(),
  ],
};
