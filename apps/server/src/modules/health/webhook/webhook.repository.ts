import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const webhookRow = z.object({
  canary_id: z.string(),
  check_id: z.string(),
  namespace: z.string(),
  webhook: z.unknown(),
});
export type WebhookRow = z.infer<typeof webhookRow>;

/**
 * The live canaries of `agentId` whose `spec.webhook.name` is `name`, with their webhook check.
 * canary-checker finds them the same way, and refuses a name that more than one canary uses.
 */
export async function findWebhooks(
  db: Queryable,
  name: string,
  agentId: string,
): Promise<WebhookRow[]> {
  const found = await db.query(
    `select c.id as canary_id, k.id as check_id, c.namespace, c.spec->'webhook' as webhook
     from canaries c
     join checks k on k.canary_id = c.id and k.type = 'webhook' and k.name = $1
                  and k.deleted_at is null and not k.transformed
     where c.spec->'webhook'->>'name' = $1 and c.agent_id = $2 and c.deleted_at is null`,
    [name, agentId],
  );
  return found.rows.map((row) => webhookRow.parse(row));
}
