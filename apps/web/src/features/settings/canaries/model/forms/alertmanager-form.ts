import {
  checkIdentityFields,
  expressionFields,
  listField,
  mapField,
  setAt,
  textField,
  type CheckField,
} from '../check-fields.ts';
import type { CheckForm } from '../check-form.ts';

/** The Alertmanager's address: `url`, or `host` as older canary-checker specs name it. */
const host: CheckField = {
  ...textField('url', 'url', {
    label: 'Host',
    required: true,
    placeholder: 'http://alertmanager:9093',
  }),
  read: (check) => {
    const value = check.url ?? check.host;
    return typeof value === 'string' ? value : '';
  },
  write: (check, value) => {
    const key = check.url === undefined && check.host !== undefined ? 'host' : 'url';
    const text = typeof value === 'string' ? value.trim() : '';
    setAt(check, [key], text === '' ? undefined : text);
  },
};

export const alertmanagerForm: CheckForm = {
  specKey: 'alertmanager',
  fields: [
    ...checkIdentityFields(),
    host,
    listField('alerts', 'alerts', { label: 'Alerts', hint: 'Alert name patterns, one per line' }),
    mapField('filters', 'filters', { label: 'Filters', hint: 'label=pattern, one per line' }),
    listField('ignore', 'ignore', { label: 'Ignore', hint: 'Alert name patterns, one per line' }),
    ...expressionFields(),
  ],
};
