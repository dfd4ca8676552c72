import { playbookSpecSchema } from '@vigil/domain';
import { z } from 'zod';
import { defineWriteHook } from '../../data-api/write-hooks.ts';
import { creatorOf } from '../../platform/creator.ts';
import { badRequest } from '../../platform/errors.ts';
import { nextSlot, parseSchedule } from '../health/index.ts';
import { syncTriggers } from './playbooks.repository.ts';
import { parsePlaybookSpec } from './spec/playbook-spec.ts';

type Row = Record<string, unknown>;

/** The event names of `on.canary`, `on.config` and `on.component` (`failed` → `check.failed`). */
function eventsOf(spec: z.infer<typeof playbookSpecSchema>): string[] {
  const on = spec.on;
  return [
    ...(on?.canary ?? []).map((e) => `check.${e.event}`),
    ...(on?.config ?? []).map((e) => `config.${e.event}`),
    ...(on?.component ?? []).map((e) => `component.${e.event}`),
  ];
}

/** Validates a written spec; the columns shown in lists follow it. */
function withSpec(given: Row): Row {
  const parsed = parsePlaybookSpec(given.spec);
  if (!parsed.ok) throw badRequest(`${parsed.field} ${parsed.message}`, parsed.field);
  const { spec } = parsed;
  return {
    ...given,
    spec,
    title: spec.title ?? given.title ?? null,
    description: spec.description ?? given.description ?? null,
    category: spec.category ?? given.category ?? null,
    icon: spec.icon ?? given.icon ?? null,
  };
}

const written = z.object({ id: z.string(), spec: z.unknown(), deleted_at: z.unknown().optional() });

/**
 * The one write path of playbooks: the data API (`playbooks`), the Kubernetes-style API
 * (kind Playbook) and `vigil apply` land here. The refusal names the field; the trigger
 * tables follow every write.
 */
export const playbooksWriteHook = defineWriteHook({
  schema: written,
  async beforeInsert(ctx, rows) {
    const created_by = await creatorOf(ctx.client, ctx.actor);
    return rows.map((row) => {
      if (typeof row.name !== 'string' || row.name === '')
        throw badRequest('name is required', 'name');
      if (!('spec' in row)) throw badRequest('spec is required', 'spec');
      return { ...withSpec(row), created_by };
    });
  },
  async beforeUpdate(_ctx, patch) {
    const row = { ...patch };
    delete row.created_by;
    return 'spec' in row ? withSpec(row) : row;
  },
  async afterWrite(ctx, rows) {
    for (const row of rows) {
      const spec = playbookSpecSchema.safeParse(row.spec);
      const live = spec.success && (row.deleted_at === null || row.deleted_at === undefined);
      const schedules =
        live && spec.success
          ? (spec.data.on?.schedule ?? []).map((entry) => ({
              schedule: entry.schedule,
              parameters: entry.parameters ?? {},
              next: new Date(nextSlot(parseSchedule(entry.schedule), Date.now(), Date.now())),
            }))
          : [];
      await syncTriggers(
        ctx.client,
        row.id,
        live && spec.success ? eventsOf(spec.data) : [],
        schedules,
      );
    }
  },
});
