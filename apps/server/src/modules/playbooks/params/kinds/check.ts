import { lookupParameter } from './lookups.ts';

/** check: a live health check by id. */
export const checkParameter = lookupParameter(
  'check',
  'check',
  'select id from checks where deleted_at is null and id = $2::uuid and $1::text is not null',
);
