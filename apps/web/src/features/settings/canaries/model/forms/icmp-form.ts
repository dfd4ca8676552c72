import { checkIdentityFields, expressionFields, numberField, textField } from '../check-fields.ts';
import type { CheckForm } from '../check-form.ts';

export const icmpForm: CheckForm = {
  specKey: 'icmp',
  fields: [
    ...checkIdentityFields(),
    textField('endpoint', 'endpoint', { label: 'Host', required: true }),
    numberField('packetCount', 'packetCount', { label: 'Packet Count' }),
    numberField('packetLossThreshold', 'packetLossThreshold', {
      label: 'Packet Loss Threshold (%)',
    }),
    numberField('thresholdMillis', 'thresholdMillis', { label: 'Threshold (ms)' }),
    ...expressionFields(),
  ],
};
