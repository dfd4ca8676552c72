import { z } from 'zod';
import { cloudSqlScopes, serviceAccountToken } from './gcp-service-account.ts';

const backupRun = z
  .object({
    id: z.union([z.string(), z.number()]).optional(),
    status: z.string().optional(),
    enqueuedTime: z.string().optional(),
    startTime: z.string().optional(),
    endTime: z.string().optional(),
    error: z.object({ message: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

export type BackupRun = z.infer<typeof backupRun>;

const backupRunsList = z.object({ items: z.array(backupRun).optional() }).passthrough();
const googleError = z.object({
  error: z.object({ code: z.number().optional(), message: z.string().optional() }).passthrough(),
});

export interface CloudSqlTarget {
  readonly project: string;
  readonly instance: string;
  /** The API's base URL; Google's own when unset. */
  readonly endpoint: string | undefined;
  /** A service account key (JSON); without one the API is called without a token. */
  readonly credentials: string | undefined;
}

export const cloudSqlEndpoint = 'https://sqladmin.googleapis.com/';

/**
 * The latest backup runs of a Cloud SQL instance, through the documented REST call
 * `GET v1/projects/{project}/instances/{instance}/backupRuns?maxResults=1`, as canary-checker
 * asks its Go client for them.
 */
export async function latestBackupRuns(
  target: CloudSqlTarget,
  signal: AbortSignal,
): Promise<BackupRun[]> {
  const base = new URL(target.endpoint ?? cloudSqlEndpoint);
  const path = `v1/projects/${encodeURIComponent(target.project)}/instances/${encodeURIComponent(target.instance)}/backupRuns`;
  const url = new URL(path, base.href.endsWith('/') ? base.href : `${base.href}/`);
  url.searchParams.set('maxResults', '1');
  url.searchParams.set('alt', 'json');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (target.credentials !== undefined) {
    const token = await serviceAccountToken(target.credentials, cloudSqlScopes, signal);
    headers.authorization = `Bearer ${token}`;
  }
  const response = await fetch(url, { headers, signal });
  const text = await response.text();
  const body = safeJson(text);
  if (!response.ok) {
    const error = googleError.safeParse(body);
    const message = error.success ? (error.data.error.message ?? '') : text.slice(0, 300);
    throw new Error(`Cloud SQL Admin API answered ${response.status}: ${message}`);
  }
  const list = backupRunsList.safeParse(body);
  if (!list.success) throw new Error('Cloud SQL Admin API answered something other than a list');
  return list.data.items ?? [];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
