import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

/** The selector id of team links a spec's `owner`/`teams` made; manual links stay. */
export const ownerSelectorId = 'topology:owner';

/**
 * Makes the component's spec-made team links exactly the named teams (spec 001 §3 Component
 * team). Answers the names that match no live team, so the run can report them.
 */
export async function syncTeamLinks(
  db: Queryable,
  componentId: string,
  teamNames: readonly string[],
): Promise<string[]> {
  const found = await db.query(
    `select id, name from teams where deleted_at is null and name = any($1::text[])`,
    [teamNames],
  );
  const teams = z.array(z.object({ id: z.string(), name: z.string() })).parse(found.rows);
  const ids = teams.map((team) => team.id);
  await db.query(
    `delete from team_components
      where component_id = $1 and selector_id = $2 and not (team_id = any($3::uuid[]))`,
    [componentId, ownerSelectorId, ids],
  );
  if (ids.length > 0) {
    await db.query(
      `insert into team_components (team_id, component_id, role, selector_id)
       select t, $1, 'owner', $2 from unnest($3::uuid[]) as t
       on conflict (team_id, component_id, selector_id) do nothing`,
      [componentId, ownerSelectorId, ids],
    );
  }
  const known = new Set(teams.map((team) => team.name));
  return teamNames.filter((name) => !known.has(name));
}
