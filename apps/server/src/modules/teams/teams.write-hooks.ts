import { teamSpecSchema } from '@vigil/domain';
import { z } from 'zod';
import { defineWriteHook } from '../../data-api/write-hooks.ts';
import { badRequest } from '../../platform/errors.ts';
import { refuseUnusableMember } from './teams.repository.ts';

type Row = Record<string, unknown>;

/** teams: a non-empty name, and a spec whose responder_clients are keyed by responder type. */
export const teamsWriteHook = defineWriteHook({
  schema: z.object({ id: z.string() }),
  // A missing name is the column's not-null violation (23502), as for any table.
  async beforeInsert(_ctx, rows) {
    return rows.map((row) => withSpec(row));
  },
  async beforeUpdate(_ctx, patch) {
    if (typeof patch.name === 'string' && patch.name.trim() === '')
      throw badRequest('name is required');
    return withSpec(patch);
  },
});

/** An empty or missing spec is stored as {} (spec 002 §4: an empty editor resets the field). */
function withSpec(row: Row): Row {
  if (!('spec' in row)) return row;
  if (row.spec === null || row.spec === '') return { ...row, spec: {} };
  const parsed = teamSpecSchema.safeParse(row.spec);
  if (parsed.success) return { ...row, spec: parsed.data };
  const issue = parsed.error.issues[0];
  const field = ['spec', ...(issue?.path ?? []).map(String)].join('.');
  throw badRequest(`${field} ${issue?.message ?? 'is invalid'}`);
}

const memberRow = z.object({ team_id: z.string(), person_id: z.string() });

/** team_members: both ids named, and only live teams and people gain members. */
export const teamMembersWriteHook = defineWriteHook({
  schema: memberRow,
  async beforeInsert(ctx, rows) {
    for (const row of rows) {
      if (typeof row.team_id !== 'string' || row.team_id === '')
        throw badRequest('team_id is required');
      if (typeof row.person_id !== 'string' || row.person_id === '')
        throw badRequest('person_id is required');
      await refuseUnusableMember(ctx.client, row.team_id, row.person_id);
    }
    return rows;
  },
  async beforeUpdate() {
    throw badRequest('team_members cannot be changed: remove the member and add another');
  },
});
