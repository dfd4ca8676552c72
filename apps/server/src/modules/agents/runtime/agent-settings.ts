import { z } from 'zod';
import { ConfigError } from '../../../platform/config.ts';

const seconds = (min: number, max: number, fallback: number) =>
  z.coerce.number().min(min).max(max).default(fallback);

/**
 * `vigil agent`'s own settings. Each flag has an environment variable of the same meaning
 * (flags win), as for serve: --upstream, --token, --name, --canaries.
 */
export const agentSettingsSchema = z.object({
  VIGIL_AGENT_UPSTREAM: z
    .url({ protocol: /^https?$/, error: 'must be the http(s) URL of the upstream Vigil' })
    .transform((value) => value.replace(/\/+$/, '')),
  VIGIL_AGENT_TOKEN: z
    .string()
    .regex(/^vga_[0-9a-f]{32}\.[A-Za-z0-9_-]{20,}$/, 'must be an agent access token (vga_…)'),
  VIGIL_AGENT_NAME: z.string().trim().min(1).max(255),
  VIGIL_AGENT_CANARIES: z.string().min(1).optional(),
  /** Seconds between pushes while the buffer is empty or small. */
  VIGIL_AGENT_PUSH_INTERVAL: seconds(0.1, 300, 5),
  /** Rows per push; the spec's ceiling is 500. */
  VIGIL_AGENT_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(500),
  VIGIL_AGENT_HEARTBEAT: seconds(1, 60, 30),
  /** Retry backoff after a failed call: first delay and ceiling, in seconds, with jitter. */
  VIGIL_AGENT_BACKOFF: seconds(0.05, 60, 1),
  VIGIL_AGENT_BACKOFF_MAX: seconds(0.1, 3600, 60),
  /** How long one long-poll for assigned canaries is held upstream, in seconds. */
  VIGIL_AGENT_POLL_TIMEOUT: z.coerce.number().int().min(0).max(30).default(25),
  /** Playbook actions placed on this agent (`runsOn`) run at once; 0 takes none. */
  VIGIL_AGENT_PLAYBOOK_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(4),
});
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

/** Flags (--upstream, --token, --name, --canaries) win over the environment. */
export function loadAgentSettings(
  env: Record<string, string | undefined>,
  options: Record<string, string | boolean | undefined>,
): AgentSettings {
  const fromFlags: Record<string, string> = {};
  const flagNames: Record<string, string> = {
    upstream: 'VIGIL_AGENT_UPSTREAM',
    token: 'VIGIL_AGENT_TOKEN',
    name: 'VIGIL_AGENT_NAME',
    canaries: 'VIGIL_AGENT_CANARIES',
  };
  for (const [flag, key] of Object.entries(flagNames)) {
    const value = options[flag];
    if (typeof value === 'string' && value !== '') fromFlags[key] = value;
  }
  const merged: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith('VIGIL_AGENT_') && value !== undefined && value !== '') merged[key] = value;
  }
  const parsed = agentSettingsSchema.safeParse({ ...merged, ...fromFlags });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join('.') ?? 'agent settings';
    const flag = Object.entries(flagNames).find(([, name]) => name === key)?.[0];
    const label = flag ? `--${flag} [${key}]` : key;
    const message = issue?.code === 'invalid_type' ? 'is required' : (issue?.message ?? 'invalid');
    throw new ConfigError(`invalid ${label}: ${message}`);
  }
  return parsed.data;
}
