import crypto from 'node:crypto';
import { localAgentId } from '@vigil/domain';
import type { Database } from '../../../platform/db.ts';
import { DomainError, badRequest, notFound } from '../../../platform/errors.ts';
import type { EnvVar } from '../check-types/check-type.ts';
import { webhookCheck } from '../check-types/webhook.ts';
import type { HealthEngine } from '../engine/health-engine.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';
import { findWebhooks } from './webhook.repository.ts';

/** What a push carried, as canary-checker's webhook handler records it. */
export interface WebhookPush {
  readonly name: string;
  /** `?token=`, else the `Webhook-Token` header. */
  readonly token: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed body when it was sent as application/json. */
  readonly json: unknown;
  /** The body as text otherwise. */
  readonly content: string | undefined;
}

const invalidToken = () => new DomainError('unauthorized', 'invalid webhook token');

/** Receives pushes for `spec.webhook` checks: finds the canary, checks the token, records. */
export function createWebhookService(db: Database, engine: HealthEngine, values: ValueResolver) {
  return {
    async receive(push: WebhookPush): Promise<{ message: string }> {
      const found = await findWebhooks(db.pool, push.name, localAgentId);
      const [only] = found;
      if (!only) throw notFound(`no canaries found for webhook: ${push.name}`);
      if (found.length > 1) {
        throw badRequest(
          `${found.length} canaries were found for webhook: ${push.name}. please ensure that the webhook name is unique.`,
        );
      }
      const spec = webhookCheck.parse(only.webhook);
      const expected = await tokenOf(values, spec.token);
      // An empty resolved token leaves the webhook open, as canary-checker does.
      if (expected !== undefined && expected !== '' && !sameToken(expected, push.token ?? '')) {
        throw invalidToken();
      }
      const pushed = {
        headers: push.headers,
        ...(push.json !== undefined ? { json: push.json } : {}),
        ...(push.content !== undefined ? { content: push.content } : {}),
      };
      const result = await engine.push(only.canary_id, only.check_id, pushed);
      if (!result) throw notFound(`no canaries found for webhook: ${push.name}`);
      return { message: 'ok' };
    },
  };
}

/** Fails closed: a token that cannot be read refuses every push, naming no secret. */
async function tokenOf(
  values: ValueResolver,
  token: EnvVar | undefined,
): Promise<string | undefined> {
  try {
    return await values(token);
  } catch {
    throw new DomainError('webhook_token_unreadable', "the webhook's token cannot be read");
  }
}

export type WebhookService = ReturnType<typeof createWebhookService>;

/** Compares in constant time, so a wrong token's timing says nothing about the right one. */
function sameToken(expected: string, given: string): boolean {
  const a = crypto.createHash('sha256').update(expected).digest();
  const b = crypto.createHash('sha256').update(given).digest();
  return crypto.timingSafeEqual(a, b);
}
