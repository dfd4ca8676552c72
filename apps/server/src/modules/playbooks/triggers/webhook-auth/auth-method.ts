import { timingSafeEqual } from 'node:crypto';
import { envVar } from '../../../../platform/values/env-var.ts';
import type { ValueResolver } from '../../../../platform/values/values.ts';
import type { WebhookCall } from '../webhook.ts';

/** A refusal of the caller's credentials; `reason` is logged and never holds a secret. */
export class WebhookRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export interface AuthContext {
  readonly values: ValueResolver;
  /** Records a delivery id for `ttlMs`; false when it was already seen (a replay). */
  remember(id: string, ttlMs: number): boolean;
}

/**
 * One way a webhook call proves who sent it: Mission Control's `on.webhook.authentication`
 * keys, one file each, listed in registry.ts. `check` throws WebhookRefused.
 */
export interface WebhookAuthMethod {
  readonly key: 'basic' | 'github' | 'svix' | 'jwt';
  check(call: WebhookCall, config: unknown, context: AuthContext): Promise<void>;
}

/** Constant time for equal lengths; unequal lengths refuse at once (the length is not secret). */
export function sameText(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * An EnvVar of the spec (`value`, `valueFrom.secretKeyRef`, …) resolved; an empty or missing
 * secret refuses every call rather than matching empty credentials.
 */
export async function secretOf(values: ValueResolver, given: unknown, field: string) {
  const parsed = envVar.safeParse(given);
  if (!parsed.success) throw new WebhookRefused(`${field} is not a valid value reference`);
  let resolved: string | undefined;
  try {
    resolved = await values(parsed.data);
  } catch (error) {
    const why = error instanceof Error ? error.message : 'unreadable';
    throw new WebhookRefused(`${field} cannot be read: ${why}`);
  }
  if (!resolved) throw new WebhookRefused(`${field} is empty`);
  return resolved;
}
