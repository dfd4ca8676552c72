import { lookupParameter } from './lookups.ts';

/** team: a team by id or name. */
export const teamParameter = lookupParameter(
  'team',
  'team',
  'select id from teams where deleted_at is null and (id = $2 or name = $1) limit 1',
);
