import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { sameText, secretOf, WebhookRefused, type WebhookAuthMethod } from './auth-method.ts';

const config = z.object({ token: z.unknown() }).loose();

/**
 * `github`: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body under the token>`
 * (docs.github.com, validating webhook deliveries).
 */
export const githubAuth: WebhookAuthMethod = {
  key: 'github',
  async check(call, given, context) {
    const token = await secretOf(context.values, config.parse(given).token, 'github.token');
    const header = call.headers['x-hub-signature-256'] ?? '';
    if (!header.startsWith('sha256=')) throw new WebhookRefused('github: signature required');
    const expected = createHmac('sha256', token).update(call.body).digest('hex');
    if (!sameText(header.slice('sha256='.length).toLowerCase(), expected)) {
      throw new WebhookRefused('github: invalid signature');
    }
  },
};
