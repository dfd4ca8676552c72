import { z } from 'zod';

/** POST /api/webhook/{name}: the webhook check's name. */
export const webhookParamsSchema = z.object({ name: z.string().min(1) });

/** The webhook's token may come as `?token=` (or the Webhook-Token header). */
export const webhookQuerySchema = z.object({ token: z.string().optional() });

/** A recorded push. */
export const webhookAnswerSchema = z.object({ message: z.string() });

/** GET /api/schemas/canary.schema.json: a JSON Schema document (draft 2020-12). */
export const jsonSchemaDocumentSchema = z
  .record(z.string(), z.unknown())
  .describe('A JSON Schema document of the Canary resource');
