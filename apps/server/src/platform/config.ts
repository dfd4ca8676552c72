import path from 'node:path';
import { z } from 'zod';

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const postgresUrl = z
  .string()
  .refine(
    (value) => /^postgres(ql)?:\/\//.test(value),
    'must be a postgres:// or postgresql:// URL',
  );

const durationUnits: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** `90s`, `30m`, `24h`, `7d` → seconds, refused under `minSeconds`. */
const durationAtLeast = (minSeconds: number, minText: string) =>
  z
    .string()
    .regex(/^\d+[smhd]$/, 'must be a duration such as 30m, 24h or 7d')
    .transform((value) => Number(value.slice(0, -1)) * (durationUnits[value.slice(-1)] ?? 1))
    .refine((seconds) => seconds >= minSeconds, `must be at least ${minText}`);
const duration = durationAtLeast(60, '1m');

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: postgresUrl.optional(),
  VIGIL_DATA_DIR: z.string().min(1).default('./.vigil'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  VIGIL_WORKERS: onOff.default(true),
  VIGIL_SECRET_KEY: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)')
    .optional(),
  VIGIL_WEB_DIR: z.string().min(1).optional(),
  VIGIL_DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  VIGIL_EDITION: z.enum(['full', 'health']).default('full'),
  /** The URL people open the console at; https here makes cookies Secure. */
  VIGIL_PUBLIC_URL: z.url().optional(),
  VIGIL_SESSION_IDLE: duration.default(24 * 3600),
  VIGIL_SESSION_LIFETIME: duration.default(7 * 24 * 3600),
  VIGIL_PROPERTIES: z.string().optional(),
  VIGIL_PROPERTIES_FILE: z.string().min(1).optional(),
  /** Secret and ConfigMap keys referenced by checks, laid out as <dir>/<name>/<key>. */
  VIGIL_SECRETS_DIR: z.string().min(1).optional(),
  VIGIL_CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** A check's time limit when its spec sets none, in seconds. */
  VIGIL_CHECK_TIMEOUT: z.coerce.number().int().min(1).max(3600).default(30),
  /** How long raw check results, hourly and daily rollups and canary job runs are kept. */
  VIGIL_HEALTH_RAW_RETENTION: duration.default(30 * 86400),
  VIGIL_HEALTH_HOURLY_RETENTION: duration.default(90 * 86400),
  VIGIL_HEALTH_DAILY_RETENTION: duration.default(5 * 365 * 86400),
  /** How long dashboards share one health summary answer, in seconds (0 computes each time). */
  VIGIL_HEALTH_SUMMARY_CACHE: z.coerce.number().min(0).max(300).default(5),
  /** How often the definition-of-done worker evaluates the scripted items (docs/incidents.md). */
  VIGIL_DEFINITION_OF_DONE_EVERY: durationAtLeast(1, '1s').default(60),
  /** Seconds an agent may hold a `runsOn` playbook action without reporting on it. */
  VIGIL_PLAYBOOK_AGENT_LEASE: z.coerce.number().min(1).max(3600).default(30),
  /** Job history runs kept per job (name and resource), newest first; none older than 30 days. */
  VIGIL_JOB_HISTORY_KEEP: z.coerce.number().int().min(1).max(100_000).default(150),
  /** Event queue (docs/events.md): claim loops per consumer, batch, attempts, backoff, poll. */
  VIGIL_EVENT_CONSUMERS: z.coerce.number().int().min(1).max(64).default(2),
  VIGIL_EVENT_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
  VIGIL_EVENT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** Seconds before the first retry; it doubles after each failure, up to the maximum. */
  VIGIL_EVENT_BACKOFF: z.coerce.number().min(0.01).max(3600).default(5),
  VIGIL_EVENT_BACKOFF_MAX: z.coerce.number().min(0.01).max(86_400).default(3600),
  VIGIL_EVENT_POLL: z.coerce.number().min(0.1).max(3600).default(5),
  VIGIL_EVENT_RETENTION: duration.default(30 * 86400),
  /** Test-only consumers for end-to-end tests; never on in production. */
  VIGIL_TEST_CONSUMERS: onOff.default(false),
  /** The bearer token Prometheus sends to read /api/metrics (its `authorization` block). */
  VIGIL_METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)')
    .optional(),
  /** Anyone may read /api/metrics: only for a port reachable from a private network alone. */
  VIGIL_METRICS_PUBLIC: onOff.default(false),
  VIGIL_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** Reconcile Mission Control's custom resources from a cluster, when given one (see docs/gitops.md). */
  VIGIL_CRD_SYNC: onOff.default(true),
  /** A kubeconfig file naming the cluster to sync from; in a pod its service account is used. */
  VIGIL_CRD_KUBECONFIG: z.string().min(1).optional(),
  KUBERNETES_SERVICE_HOST: z.string().optional(),
  KUBERNETES_SERVICE_PORT: z.string().optional(),
  /** `self`: the built-in identity service; `oidc-org`: hosted mode (docs/hosted.md). */
  VIGIL_AUTH: z.enum(['self', 'oidc-org']).default('self'),
  VIGIL_OIDC_ISSUER: z.url().optional(),
  VIGIL_OIDC_CLIENT_ID: z.string().min(1).optional(),
  VIGIL_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  VIGIL_OIDC_SCOPES: z.string().min(1).default('openid email profile'),
  /** The ID token claims naming the organisation (a string or a list), its name and role. */
  VIGIL_OIDC_ORG_CLAIM: z.string().min(1).default('org_id'),
  VIGIL_OIDC_ORG_NAME_CLAIM: z.string().min(1).default('org_name'),
  VIGIL_OIDC_ROLE_CLAIM: z.string().min(1).default('org_role'),
});

export type Config = z.infer<typeof configSchema> & { dataDir: string };

export class ConfigError extends Error {}

/** Flags win over env; both go through the same schema so the rules live in one place. */
export function loadConfig(
  env: Record<string, string | undefined>,
  flags: Record<string, string | undefined> = {},
): Config {
  const merged = { ...pickDefined(env), ...pickDefined(flags) };
  const parsed = configSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join('.') ?? 'config';
    throw new ConfigError(`invalid ${key}: ${issue?.message ?? 'invalid value'}`);
  }
  if (parsed.data.VIGIL_AUTH === 'oidc-org') {
    for (const key of ['VIGIL_OIDC_ISSUER', 'VIGIL_OIDC_CLIENT_ID', 'VIGIL_OIDC_CLIENT_SECRET']) {
      if (!merged[key]) throw new ConfigError(`invalid ${key}: required when VIGIL_AUTH=oidc-org`);
    }
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.VIGIL_DATA_DIR) };
}

function pickDefined(source: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}
