import {
  checkIdentityFields,
  expressionFields,
  listField,
  mapField,
  textField,
} from '../check-fields.ts';
import type { CheckForm } from '../check-form.ts';

export const alertmanagerForm: CheckForm = {
  specKey: 'alertmanager',
  fields: [
    ...checkIdentityFields(),
    textField('url', 'url', {
      label: 'Host',
      required: true,
      placeholder: 'http://alertmanager:9093',
    }),
    listField('alerts', 'alerts', { label: 'Alerts', hint: 'Alert name patterns, one per line' }),
    mapField('filters', 'filters', { label: 'Filters', hint: 'label=pattern, one per line' }),
    listField('ignore', 'ignore', { label: 'Ignore', hint: 'Alert name patterns, one per line' }),
    ...expressionFields(),
  ],
};
