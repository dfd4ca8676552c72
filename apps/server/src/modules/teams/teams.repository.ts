import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';

const uuid = z.uuid();
const found = z.object({ team: z.boolean(), person: z.boolean() });

/** Refuses a membership of a deleted or unknown team or person, naming the field. */
export async function refuseUnusableMember(
  db: Queryable,
  teamId: string,
  personId: string,
): Promise<void> {
  if (!uuid.safeParse(teamId).success) throw badRequest('team_id must be a uuid');
  if (!uuid.safeParse(personId).success) throw badRequest('person_id must be a uuid');
  const result = await db.query(
    `select exists (select 1 from teams where id = $1 and deleted_at is null) as team,
            exists (select 1 from people where id = $2 and deleted_at is null) as person`,
    [teamId, personId],
  );
  const live = found.parse(result.rows[0]);
  if (!live.team) throw badRequest(`team_id ${teamId} names no team (or a deleted one)`);
  if (!live.person) throw badRequest(`person_id ${personId} names no person (or a deleted one)`);
}
