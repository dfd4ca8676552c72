import {
  connectionTypeDefinition,
  connectionTypeSchema,
  isSecretReference,
  maskedSecret,
} from '@vigil/domain';
import { z } from 'zod';
import { defineWriteHook, type WriteHook } from '../../data-api/write-hooks.ts';
import type { Sealer } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import { creatorOf } from '../../platform/creator.ts';

const secretColumns = ['password', 'certificate'] as const;

/**
 * Connections through the data API. Password and certificate are sealed (AES-256-GCM) before
 * they are stored, unless they are Secret/ConfigMap references, and never read back. A write
 * that leaves them out, or sends the mask that reads show, keeps the stored ones; an empty
 * string clears them. A composed type's url is rebuilt from its properties.
 */
export function connectionsWriteHook(sealer: Sealer): WriteHook {
  const seal = (row: Record<string, unknown>, extra: Record<string, unknown>) =>
    sealed(sealer, row, extra);
  return defineWriteHook({
    schema: z.object({}),
    async beforeInsert(ctx, rows) {
      // The creator is the signed-in person, whatever the client sent.
      const created_by = await creatorOf(ctx.client, ctx.actor);
      return rows.map((row) => seal(row, { created_by }));
    },
    async beforeUpdate(_ctx, patch) {
      return seal(patch, {});
    },
  });
}

function sealed(
  sealer: Sealer,
  row: Record<string, unknown>,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const written: Record<string, unknown> = { ...row, ...extra };
  for (const column of ['name', 'namespace'] as const) {
    const value = row[column];
    if (value !== undefined && (typeof value !== 'string' || value.trim() === '')) {
      throw badRequest(`${column} is required`);
    }
  }
  for (const column of secretColumns) {
    const value = row[column];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw badRequest(`${column} must be a string`);
    if (/^(secret|configmap):\/\//.test(value) && !isSecretReference(value)) {
      throw badRequest(`${column}: a secret or config map needs both a name and a key`);
    }
    if (value === maskedSecret) delete written[column];
    else if (value === '') written[column] = null;
    else if (!isSecretReference(value)) written[column] = sealer.seal(value);
  }
  composeUrl(written);
  keepUrlPasswordSealed(written, sealer);
  return written;
}

const urlPassword = /^([a-z][a-z0-9+.-]*:\/\/[^:@/?#]*):([^@/?#]*)@/i;

/**
 * A password written in the url (`postgres://user:secret@host/db`) is sealed in the password
 * column and the url keeps `$(password)`, so no read or filter of `url` ever sees it. The mask
 * that masked reads show there stands for the stored password.
 */
function keepUrlPasswordSealed(row: Record<string, unknown>, sealer: Sealer): void {
  const url = row.url;
  if (typeof url !== 'string') return;
  const found = urlPassword.exec(url);
  const written = found?.[2];
  if (written === undefined || written === '$(password)') return;
  row.url = url.replace(urlPassword, '$1:$(password)@');
  if (written === maskedSecret) return;
  const password = safeDecode(written);
  const given = row.password;
  if (typeof given === 'string' && given !== '' && !given.startsWith('v1.')) {
    throw badRequest('url: write the password in the password field, and $(password) in the url');
  }
  if (typeof given === 'string' && given.startsWith('v1.') && sealer.open(given) !== password) {
    throw badRequest('url: its password differs from the password field');
  }
  row.password = sealer.seal(password);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function composeUrl(row: Record<string, unknown>): void {
  const type = connectionTypeSchema.safeParse(row.type);
  const properties = row.properties;
  if (!type.success || typeof properties !== 'object' || properties === null) return;
  const definition = connectionTypeDefinition(type.data);
  if (definition.composeUrl) {
    row.url = definition.composeUrl(Object.fromEntries(Object.entries(properties)));
  }
}
