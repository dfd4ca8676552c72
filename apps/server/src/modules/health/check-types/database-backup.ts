import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { latestBackupRuns, type BackupRun } from './cloud-sql-backups.ts';
import {
  commonCheckFields,
  defineCheckType,
  envVar,
  errorText,
  failed,
  type CheckRunContext,
} from './check-type.ts';
import { parseDuration } from '../../../platform/durations.ts';

const gcpDatabase = z
  .object({
    project: z.string().min(1, 'is required'),
    instance: z.string().min(1, 'is required'),
    gcpConnection: z
      .object({
        connection: z.string().optional(),
        endpoint: z.string().url().optional(),
        credentials: envVar.optional(),
        skipTLSVerify: z.boolean().optional(),
        project: z.string().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

type GcpDatabase = z.infer<typeof gcpDatabase>;

/** Statuses canary-checker accepts for the latest run; any other fails the check. */
const acceptedStatuses = new Set(['SUCCESSFUL', 'RUNNING', 'ENQUEUED']);

/**
 * `spec.databaseBackup[]`: the latest backup run of a Cloud SQL instance (canary-checker's only
 * source), judged by its status and, with `maxAge`, by its newest end/start/enqueued time.
 */
export const databaseBackupCheckType = defineCheckType({
  type: 'databaseBackup',
  schema: z
    .object({
      ...commonCheckFields,
      gcp: gcpDatabase.optional(),
      maxAge: z
        .string()
        .refine((text) => parseDuration(text) !== undefined, { message: 'is not a duration' })
        .optional(),
    })
    .strict()
    .refine((check) => check.gcp !== undefined, {
      message: 'is required: GCP details not provided in check',
      path: ['gcp'],
    }),
  endpoint: (check) =>
    check.gcp ? `${check.gcp.project}/${check.gcp.instance}` : check.description,
  async run(check, ctx) {
    if (!check.gcp) return failed('GCP details not provided in check');
    let runs: BackupRun[];
    try {
      runs = await latestBackupRuns(await cloudSqlTarget(check.gcp, ctx), ctx.signal);
    } catch (error) {
      return failed(errorText(error));
    }
    const latest = runs[0];
    if (!latest) return failed('No backups found');
    const problems = runs
      .filter((run) => !acceptedStatuses.has(run.status ?? ''))
      .map(
        (run) =>
          `Backup ${run.id ?? ''} has status ${run.status ?? ''} with error ${run.error?.message ?? ''}`,
      );
    const maxAge = check.maxAge === undefined ? undefined : parseDuration(check.maxAge);
    if (maxAge !== undefined) problems.push(...ageProblems(latest, maxAge));
    if (problems.length > 0) return failed(problems.join(', '), { ...latest });
    return { pass: true, message: JSON.stringify(latest), data: { ...latest } };
  },
});

function ageProblems(run: BackupRun, maxAgeMs: number): string[] {
  const stamps: [string | undefined, string][] = [
    [run.endTime, 'ended'],
    [run.startTime, 'started'],
    [run.enqueuedTime, 'enqueued'],
  ];
  const found = stamps.find(([time]) => time !== undefined && time !== '');
  if (!found) return [`BackupRun ${run.id ?? ''} did not contain a time to validate`];
  const [time, what] = found;
  const at = Date.parse(time ?? '');
  if (Number.isNaN(at))
    return [
      `Could not parse backup ${what === 'ended' ? 'end' : what === 'started' ? 'start' : 'enqueued'} time`,
    ];
  if (at + maxAgeMs >= Date.now()) return [];
  return [`BackupRun ${run.id ?? ''} too old - ${what} at ${new Date(at).toISOString()}`];
}

/** The check's own key and endpoint first, then the saved connection's, then ADC's key file. */
async function cloudSqlTarget(gcp: GcpDatabase, ctx: CheckRunContext) {
  const own = gcp.gcpConnection ?? {};
  const saved = own.connection ? await ctx.connection(own.connection, own.endpoint) : undefined;
  const endpoint = own.endpoint ?? saved?.url ?? undefined;
  const credentials =
    (await ctx.resolveValue(own.credentials)) ??
    saved?.password ??
    (endpoint === undefined ? await applicationDefaultKey() : undefined);
  return { project: gcp.project, instance: gcp.instance, endpoint, credentials };
}

/** Application Default Credentials' first source: the key file GOOGLE_APPLICATION_CREDENTIALS names. */
async function applicationDefaultKey(): Promise<string | undefined> {
  const file = process.env.GOOGLE_APPLICATION_CREDENTIALS;
  return file ? readFile(file, 'utf8') : undefined;
}
