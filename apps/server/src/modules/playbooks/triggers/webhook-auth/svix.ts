import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { parseDuration } from '../../../../platform/durations.ts';
import { secretOf, WebhookRefused, type WebhookAuthMethod } from './auth-method.ts';

const config = z.object({ secret: z.unknown(), verifyTimestamp: z.string().optional() }).loose();

/** Svix's own libraries refuse timestamps more than five minutes off; so do we by default. */
const defaultToleranceMs = 5 * 60_000;

function header(call: { headers: Readonly<Record<string, string>> }, name: string) {
  return call.headers[`svix-${name}`] || call.headers[`webhook-${name}`] || '';
}

/**
 * `svix` (Standard Webhooks): `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the
 * `whsec_` secret, any of the space-separated signatures; `verifyTimestamp` is the tolerance.
 * A delivery id seen within the tolerance is a replay.
 */
export const svixAuth: WebhookAuthMethod = {
  key: 'svix',
  async check(call, given, context) {
    const parsed = config.parse(given);
    const secret = await secretOf(context.values, parsed.secret, 'svix.secret');
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    if (key.length === 0) throw new WebhookRefused('svix.secret is not base64');
    const id = header(call, 'id');
    const timestamp = header(call, 'timestamp');
    const signatures = header(call, 'signature');
    if (!id || !timestamp || !signatures) throw new WebhookRefused('svix: missing svix headers');
    if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookRefused('svix: bad timestamp');
    const tolerance = parsed.verifyTimestamp
      ? parseDuration(parsed.verifyTimestamp)
      : defaultToleranceMs;
    if (tolerance === undefined) throw new WebhookRefused('svix.verifyTimestamp is not a duration');
    const skew = Date.now() - Number(timestamp) * 1000;
    if (skew > tolerance) throw new WebhookRefused('svix: timestamp is too old');
    if (-skew > tolerance) throw new WebhookRefused('svix: timestamp is too new');
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${call.body}`).digest();
    const matched = signatures.split(' ').some((versioned) => {
      const [version, signature] = versioned.split(',');
      if (version !== 'v1' || !signature) return false;
      const given = Buffer.from(signature, 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    if (!matched) throw new WebhookRefused('svix: invalid signature');
    if (!context.remember(`svix:${id}`, 2 * tolerance)) {
      throw new WebhookRefused('svix: delivery id already seen (replay)');
    }
  },
};
