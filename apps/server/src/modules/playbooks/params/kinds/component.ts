import { lookupParameter } from './lookups.ts';

/** component: a live component by id. */
export const componentParameter = lookupParameter(
  'component',
  'component',
  'select id from components where deleted_at is null and id = $2::uuid and $1::text is not null',
);
