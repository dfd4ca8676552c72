import type { WriteContext } from '../../data-api/write-hooks.ts';

type Row = Record<string, unknown>;

/**
 * The patch a PATCH sent, kept from beforeUpdate for afterWrite (which sees only the rows as
 * written): the changelog names what the request changed, not every column of the row.
 */
export function patchMemory() {
  const patches = new WeakMap<WriteContext, Row>();
  return {
    remember(ctx: WriteContext, patch: Row): Row {
      patches.set(ctx, patch);
      return patch;
    },
    of(ctx: WriteContext): Row {
      return patches.get(ctx) ?? {};
    },
  };
}

/** A required text field: a non-empty string after trimming. */
export function requiredText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
