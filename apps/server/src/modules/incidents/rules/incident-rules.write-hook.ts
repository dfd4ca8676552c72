import { z } from 'zod';
import { incidentRuleSpecSchema } from '@vigil/domain';
import { defineWriteHook } from '../../../data-api/write-hooks.ts';
import { badRequest } from '../../../platform/errors.ts';
import { compileCel, validateTemplate } from '../../health/index.ts';
import { requiredText } from '../write-patches.ts';

type Row = Record<string, unknown>;

/** Parses a written spec; the refusal names the field (`spec.template.severity …`). */
export function parseRuleSpec(spec: unknown) {
  const parsed = incidentRuleSpecSchema.safeParse(spec ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = ['spec', ...(issue?.path ?? []).map(String)].join('.');
    throw badRequest(`${path}: ${issue?.message ?? 'is not valid'}`);
  }
  const { filter, template } = parsed.data;
  try {
    if (typeof filter === 'string' && filter.trim() !== '') compileCel(filter);
  } catch (error) {
    throw badRequest(`spec.filter: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const field of ['title', 'description'] as const) {
    try {
      validateTemplate(template[field]);
    } catch (error) {
      throw badRequest(
        `spec.template.${field}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return parsed.data;
}

function checked(row: Row, creating: boolean): Row {
  if ((creating || 'name' in row) && !requiredText(row.name)) throw badRequest('name is required');
  if (!creating && !('spec' in row)) return row;
  return { ...row, spec: parseRuleSpec(row.spec) };
}

/** Incident rules are validated, with their defaults filled in, before they are stored. */
export const incidentRulesWriteHook = defineWriteHook({
  schema: z.object({ id: z.string() }),
  async beforeInsert(_ctx, rows) {
    return rows.map((row) => checked(row, true));
  },
  async beforeUpdate(_ctx, patch) {
    return checked(patch, false);
  },
});
