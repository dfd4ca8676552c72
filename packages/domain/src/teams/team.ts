import { z } from 'zod';
import { teamResponderTypes } from '../incidents/incident.ts';

/** What a team's `spec.responder_clients` may name: the team responder types, and people. */
const responderClientTypes = [...teamResponderTypes, 'person'];

function isResponderClientType(value: string): boolean {
  return responderClientTypes.includes(value);
}

/** One responder client: the values a responder form offers, its defaults and a link. */
export const responderClientSchema = z
  .object({
    values: z.record(z.string(), z.unknown()).optional(),
    defaults: z.record(z.string(), z.unknown()).optional(),
    linkUrl: z.string().max(2048).optional(),
  })
  .loose();

/** A team's spec: responder_clients keyed by responder type; other keys are kept. */
export const teamSpecSchema = z
  .object({
    responder_clients: z
      .record(z.string(), responderClientSchema)
      .superRefine((clients, ctx) => {
        for (const key of Object.keys(clients))
          if (!isResponderClientType(key))
            ctx.addIssue({
              code: 'custom',
              path: [key],
              message: `is not a responder type (one of ${responderClientTypes.join(', ')})`,
            });
      })
      .optional(),
  })
  .loose();

export type TeamSpec = z.output<typeof teamSpecSchema>;

/** A row of teams_with_status (spec 002 §3 Team plus the settings list's columns). */
export const teamRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullish(),
  spec: z.unknown(),
  source: z.string().nullish(),
  member_count: z.number().optional(),
});
export type TeamRow = z.output<typeof teamRowSchema>;
