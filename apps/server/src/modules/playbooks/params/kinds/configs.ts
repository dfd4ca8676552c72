import type { Queryable } from '../../../../platform/db.ts';
import { defineParameterKind } from '../parameter-kind.ts';
import { configParameter } from './config.ts';

/** configs: several catalog items. */
export const configsParameter = defineParameterKind({
  type: 'configs',
  async check(value, parameter, db: Queryable) {
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
    const ids: string[] = [];
    for (const item of items) {
      const one = await configParameter.check(String(item).trim(), parameter, db);
      if ('error' in one) return one;
      ids.push(String(one.value));
    }
    return { value: ids };
  },
});
