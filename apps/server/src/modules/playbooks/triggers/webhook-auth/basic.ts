import { z } from 'zod';
import { sameText, secretOf, WebhookRefused, type WebhookAuthMethod } from './auth-method.ts';

const config = z.object({ username: z.unknown(), password: z.unknown() }).loose();

/** `basic`: the Authorization header's user and password, each compared in constant time. */
export const basicAuth: WebhookAuthMethod = {
  key: 'basic',
  async check(call, given, context) {
    const { username, password } = config.parse(given);
    const header = call.headers.authorization ?? '';
    const match = /^Basic\s+(\S+)$/i.exec(header);
    if (!match) throw new WebhookRefused('basic: username and password required');
    const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new WebhookRefused('basic: username and password required');
    const user = await secretOf(context.values, username, 'basic.username');
    const pass = await secretOf(context.values, password, 'basic.password');
    const userOk = sameText(decoded.slice(0, colon), user);
    const passOk = sameText(decoded.slice(colon + 1), pass);
    if (!userOk || !passOk) throw new WebhookRefused('basic: username/password did not match');
  },
};
