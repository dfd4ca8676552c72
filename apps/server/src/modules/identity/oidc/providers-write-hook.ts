import { z } from 'zod';
import { defineWriteHook, type WriteHook } from '../../../data-api/write-hooks.ts';
import type { Sealer } from '../../../platform/crypto.ts';
import { badRequest } from '../../../platform/errors.ts';

/**
 * identity_providers through the data API: the client secret is sealed before it is stored,
 * and the issuer must be https (plain http only on this machine, for local providers).
 */
export function providersWriteHook(sealer: Sealer): WriteHook {
  const check = async (_ctx: unknown, row: Record<string, unknown>) => {
    const issuer = row.issuer_url;
    if (issuer !== undefined && (typeof issuer !== 'string' || !allowedIssuer(issuer))) {
      throw badRequest('issuer_url must be an https URL (http only for localhost)');
    }
    const secret = row.client_secret;
    if (secret === undefined) return row;
    if (typeof secret !== 'string' || secret === '') {
      throw badRequest('client_secret is required');
    }
    return { ...row, client_secret: sealer.seal(secret) };
  };
  return defineWriteHook({
    schema: z.object({}),
    beforeInsert: (ctx, rows) => Promise.all(rows.map((row) => check(ctx, row))),
    beforeUpdate: check,
  });
}

export function allowedIssuer(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}
