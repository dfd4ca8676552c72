import { lookupParameter } from './lookups.ts';

/** config: a live catalog item by id. */
export const configParameter = lookupParameter(
  'config',
  'config item',
  'select id from config_items where deleted_at is null and id = $2::uuid and $1::text is not null',
);
