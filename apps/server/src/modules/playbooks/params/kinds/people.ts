import { lookupParameter } from './lookups.ts';

/** people: a person by id, email or name. */
export const peopleParameter = lookupParameter(
  'people',
  'person',
  'select id from people where deleted_at is null and (id = $2 or email = $1 or name = $1) limit 1',
);
