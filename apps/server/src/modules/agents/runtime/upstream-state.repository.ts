import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import { upstreamSettingsSchema, type UpstreamSettings } from './upstream-client.ts';

/** Keeps what the last heartbeat answered (properties, Kubernetes scraping settings). */
export async function saveUpstreamSettings(
  db: Queryable,
  settings: UpstreamSettings,
): Promise<void> {
  await db.query(
    `insert into agent_upstream_state (key, value) values ('settings', $1::jsonb)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [JSON.stringify(settings)],
  );
}

export async function loadUpstreamSettings(db: Queryable): Promise<UpstreamSettings | undefined> {
  const result = await db.query(`select value from agent_upstream_state where key = 'settings'`);
  const row = z.object({ value: z.unknown() }).safeParse(result.rows[0]);
  if (!row.success) return undefined;
  const parsed = upstreamSettingsSchema.safeParse(row.data.value);
  return parsed.success ? parsed.data : undefined;
}
