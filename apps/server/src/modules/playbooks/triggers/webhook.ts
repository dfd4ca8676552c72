import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../../platform/db.ts';
import { DomainError, notFound } from '../../../platform/errors.ts';
import { envVar } from '../../../platform/values/env-var.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';
import { playbookByWebhook } from '../playbooks.repository.ts';
import { queueRun, type RunsDeps } from '../runs/runs.service.ts';

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
]);

const unauthorised = () =>
  new DomainError('unauthenticated', 'The webhook refused the credentials.', null, null);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function valueOf(values: ValueResolver, given: unknown): Promise<string> {
  const parsed = envVar.safeParse(given);
  return parsed.success ? ((await values(parsed.data)) ?? '') : '';
}

/**
 * `on.webhook`: a call to /api/playbook/webhook/{path} starts a run. It is authenticated by
 * the playbook's own basic credentials or GitHub signature, never by a session.
 */
export function createWebhookTrigger(deps: RunsDeps & { values: ValueResolver; db: Database }) {
  async function authenticate(call: WebhookCall, auth: Record<string, unknown> | undefined) {
    if (!auth) return;
    const { basic, github, jwt, svix } = auth;
    if (jwt || svix) {
      throw new DomainError(
        'not_implemented',
        'JWT and Svix webhook authentication are not supported yet.',
      );
    }
    if (basic && typeof basic === 'object') {
      const username = await valueOf(deps.values, 'username' in basic ? basic.username : undefined);
      const password = await valueOf(deps.values, 'password' in basic ? basic.password : undefined);
      const header = call.headers.authorization ?? '';
      const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
      if (!same(header, expected)) throw unauthorised();
    }
    if (github && typeof github === 'object') {
      const token = await valueOf(deps.values, 'token' in github ? github.token : undefined);
      const signature = call.headers['x-hub-signature-256'] ?? '';
      const expected = `sha256=${createHmac('sha256', token).update(call.body).digest('hex')}`;
      if (!token || !same(signature, expected)) throw unauthorised();
    }
  }

  return async (call: WebhookCall): Promise<{ run_id: string }> => {
    const playbook = await playbookByWebhook(deps.db.pool, call.path);
    if (!playbook) throw notFound(`no playbook listens on webhook ${call.path}`);
    await authenticate(call, playbook.spec.on?.webhook?.authentication);
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
