import { z } from 'zod';
import { commonCheckFields, defineCheckType, envVar } from './check-type.ts';

/** Exported for the push route, which reads the token from the stored spec. */
export const webhookCheck = z
  .object({
    ...commonCheckFields,
    /** Callers send it as `?token=` or a `Webhook-Token` header; anyone may push without it. */
    token: envVar.optional(),
  })
  .strict();

/**
 * `spec.webhook` (one object, as in canary-checker's CRD): a check that passes each time
 * something is POSTed to `/api/webhook/{name}`. `results` is what came: `headers`, and `json`
 * for a JSON body or `content` for any other; `test`, `display` and `transform` then apply.
 */
export const webhookCheckType = defineCheckType({
  type: 'webhook',
  schema: webhookCheck,
  single: true,
  pushed: true,
  endpoint: () => undefined,
  run(check, ctx) {
    if (ctx.pushed === undefined) {
      return Promise.resolve({
        pass: false,
        invalid: true,
        error: `webhook checks run when something is pushed: POST /api/webhook/${check.name}`,
        data: {},
      });
    }
    return Promise.resolve({ pass: true, data: { ...ctx.pushed, results: ctx.pushed } });
  },
});
