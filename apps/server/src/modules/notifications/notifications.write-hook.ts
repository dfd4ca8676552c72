import {
  canNotify,
  customServiceSchema,
  notificationFieldsSchema,
  notificationInputSchema,
} from '@vigil/domain';
import { z } from 'zod';
import { defineWriteHook, type WriteContext } from '../../data-api/write-hooks.ts';
import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { connectionPairings, refuseForeignPairings } from '../connections/index.ts';
import { findConnection } from '../connections/index.ts';
import { compileCel } from '../health/index.ts';
import { validateTemplate } from '../health/index.ts';
import { creatorOf } from '../../platform/creator.ts';

const fields = [
  'title',
  'events',
  'filter',
  'template',
  'person_id',
  'team_id',
  'custom_services',
  'repeat_interval',
  'properties',
  'source',
] as const;

/**
 * Every write of a notification goes through here: the fields a request sets are checked before
 * anything is written, and the row as written is checked whole (one recipient kind, events,
 * template) so a PATCH cannot leave a notification that could never be delivered.
 */
export const notificationsWriteHook = defineWriteHook({
  // validate() checks the row whole, so every column is kept.
  schema: z.looseObject({ deleted_at: z.string().nullable().optional() }),
  async beforeInsert(ctx, rows) {
    const created_by = await creatorOf(ctx.client, ctx.actor);
    for (const row of rows) {
      validate(present(row));
      await refuseBadConnections(ctx, row);
    }
    return rows.map((row) => ({ ...row, created_by }));
  },
  async beforeUpdate(ctx, patch) {
    validatePartial(present(patch));
    await refuseBadConnections(ctx, patch);
    return patch;
  },
  async afterWrite(_ctx, notifications) {
    for (const row of notifications) {
      if (row.deleted_at !== null && row.deleted_at !== undefined) continue;
      validate(row);
    }
  },
});

/** The fields a request sets, so an insert is checked whole and a patch by what it sets. */
function present(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]]));
}

async function refuseBadConnections(ctx: WriteContext, row: Record<string, unknown>) {
  const pairings = ['custom_services', 'properties'].flatMap((field) =>
    connectionPairings(row[field], field),
  );
  await refuseForeignPairings(ctx.client, ctx.actor, pairings);
  await refuseSilentChannels(ctx.client, row.custom_services);
}

function validate(row: Record<string, unknown>): void {
  const parsed = notificationInputSchema.safeParse(row);
  if (!parsed.success) throw badRequest(describe(parsed.error));
  checkExpressions(parsed.data.filter, parsed.data.template, parsed.data.title);
}

function validatePartial(row: Record<string, unknown>): void {
  const parsed = notificationFieldsSchema.partial().safeParse(row);
  if (!parsed.success) throw badRequest(describe(parsed.error));
  if ('template' in row && !parsed.data.template) throw badRequest('template is required');
  checkExpressions(parsed.data.filter, parsed.data.template, parsed.data.title);
}

const servicesSchema = z.array(customServiceSchema);
const reference = /^connection:\/\/([^/]+)\/([^/]+)$/;

/**
 * A custom service whose connection cannot notify (an HTTP connection) would fail on every
 * send with only a count to show for it, so it is refused here, naming the field.
 */
async function refuseSilentChannels(db: Queryable, value: unknown): Promise<void> {
  const services = servicesSchema.safeParse(value);
  if (!services.success) return;
  for (const [index, service] of services.data.entries()) {
    const [, namespace = '', name = ''] = reference.exec(service.connection) ?? [];
    const found = await findConnection(db, namespace, name);
    if (found !== undefined && !canNotify(found.type)) {
      throw badRequest(
        `custom_services.${index}.connection: ${service.connection} is a ${found.type} connection, which cannot send notifications`,
      );
    }
  }
}

function checkExpressions(
  filter: string | null | undefined,
  template: string | null | undefined,
  title: string | null | undefined,
): void {
  if (filter?.trim()) {
    try {
      compileCel(filter);
    } catch (error) {
      throw badRequest(`filter is not valid CEL: ${message(error)}`);
    }
  }
  for (const [name, text] of [
    ['template', template],
    ['title', title],
  ] as const) {
    if (!text) continue;
    try {
      validateTemplate(text);
    } catch (error) {
      throw badRequest(`${name}: ${message(error)}`);
    }
  }
}

function describe(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.join('.');
      return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
