import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import { DomainError, notFound } from '../../../platform/errors.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';
import { playbookByWebhook } from '../playbooks.repository.ts';
import { queueRun, type RunsDeps } from '../runs/runs.service.ts';
import { WebhookRefused } from './webhook-auth/auth-method.ts';
import { webhookAuthMethods } from './webhook-auth/registry.ts';

export interface WebhookCall {
  readonly path: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  readonly body: string;
}

const secretHeaders = new Set([
  'authorization',
  'cookie',
  'x-hub-signature-256',
  'x-hub-signature',
  'svix-signature',
  'webhook-signature',
]);

const unauthorised = () =>
  new DomainError('unauthenticated', 'The webhook refused the credentials.', null, null);

/** Delivery ids seen lately, by playbook, until they expire (svix replay protection). */
function replayMemory() {
  const seen = new Map<string, number>();
  return (key: string, ttlMs: number): boolean => {
    const now = Date.now();
    if (seen.size > 10_000) for (const [k, until] of seen) if (until < now) seen.delete(k);
    const until = seen.get(key);
    if (until !== undefined && until >= now) return false;
    seen.set(key, now + ttlMs);
    return true;
  };
}

/**
 * `on.webhook`: a call to /api/playbook/webhook/{path} starts a run. It is authenticated by
 * every method the playbook sets (basic, github, jwt, svix), never by a session.
 */
export function createWebhookTrigger(
  deps: RunsDeps & { values: ValueResolver; db: Database; log: Logger },
) {
  const remember = replayMemory();
  async function authenticate(call: WebhookCall, playbookId: string, auth: unknown) {
    if (typeof auth !== 'object' || auth === null) return;
    const context = {
      values: deps.values,
      remember: (id: string, ttlMs: number) => remember(`${playbookId}:${id}`, ttlMs),
    };
    for (const method of webhookAuthMethods) {
      const config: unknown = Reflect.get(auth, method.key);
      if (config === undefined || config === null) continue;
      try {
        await method.check(call, config, context);
      } catch (error) {
        const reason = error instanceof WebhookRefused ? error.reason : `${method.key}: invalid`;
        deps.log.warn({ playbookId, path: call.path, reason }, 'webhook call refused');
        throw unauthorised();
      }
    }
  }

  return async (call: WebhookCall): Promise<{ run_id: string }> => {
    const playbook = await playbookByWebhook(deps.db.pool, call.path);
    if (!playbook) throw notFound(`no playbook listens on webhook ${call.path}`);
    await authenticate(call, playbook.id, playbook.spec.on?.webhook?.authentication);
    let json: unknown;
    try {
      json = call.body ? JSON.parse(call.body) : undefined;
    } catch {
      json = undefined;
    }
    const headers = Object.fromEntries(
      Object.entries(call.headers).filter(([name]) => !secretHeaders.has(name)),
    );
    const declared = new Set((playbook.spec.parameters ?? []).map((p) => p.name));
    const params = Object.fromEntries(Object.entries(call.query).filter(([k]) => declared.has(k)));
    const request = { method: call.method, headers, params: call.query, content: call.body, json };
    const id = await deps.db.transaction((client) =>
      queueRun(
        deps,
        client,
        playbook,
        { params },
        {
          trigger: 'webhook',
          createdBy: null,
          request,
          checkTargets: false,
        },
      ),
    );
    deps.wake();
    return { run_id: id };
  };
}
