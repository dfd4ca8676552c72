import { z } from 'zod';
import {
  CheckConfigError,
  commonCheckFields,
  defineCheckType,
  envVar,
  failed,
  type CheckRunContext,
} from './check-type.ts';
import { minimalEnvironment, runProcess } from './child-process.ts';
import { parseDuration } from '../../../platform/durations.ts';

const resticCheck = z
  .object({
    ...commonCheckFields,
    repository: z.string().min(1).optional().describe('restic repository (path, s3:…, rest:…)'),
    password: envVar.optional(),
    maxAge: z
      .string()
      .refine((text) => parseDuration(text) !== undefined, 'must be a duration such as 24h')
      .optional()
      .describe('The latest snapshot must be younger than this'),
    checkIntegrity: z.boolean().optional().describe('Also read a file of the latest snapshot'),
    accessKey: envVar.optional(),
    secretKey: envVar.optional(),
    caCert: z.string().optional().describe('CA certificate file for the repository server'),
    awsConnectionName: z.string().optional(),
  })
  .strict()
  .refine((check) => check.repository ?? check.connection, {
    path: ['repository'],
    message: 'needs repository (or a connection)',
  })
  .refine((check) => check.maxAge ?? check.connection, {
    path: ['maxAge'],
    message: 'is required',
  });

type ResticCheck = z.infer<typeof resticCheck>;

const snapshots = z.array(z.object({ id: z.string(), time: z.string() }).loose());

/**
 * `spec.restic[]`: runs the restic program against the repository; fails when its latest snapshot
 * is older than `maxAge`, and with `checkIntegrity` when a file of it cannot be read back.
 */
export const resticCheckType = defineCheckType({
  type: 'restic',
  schema: resticCheck,
  endpoint: (check) => check.repository ?? check.connection,
  async run(check, ctx) {
    const target = await targetOf(check, ctx);
    const restic = async (...args: string[]) => {
      const caCert = target.caCert ? ['--cacert', target.caCert] : [];
      const result = await runProcess({
        command: 'restic',
        args: ['-r', target.repository, ...caCert, '--no-lock', '-q', ...args],
        env: minimalEnvironment(target.env),
        signal: ctx.signal,
      });
      if (result.spawnError) {
        throw new CheckConfigError(`the restic program cannot start: ${result.spawnError.message}`);
      }
      if (result.exitCode !== 0) throw new Error(result.stderr.trim() || `exit ${result.exitCode}`);
      return result.stdout;
    };
    if (check.checkIntegrity ?? target.checkIntegrity) {
      try {
        const first = (await restic('ls', 'latest')).split('\n').find((line) => line.trim());
        await restic('dump', 'latest', first ?? '/');
      } catch (error) {
        if (error instanceof CheckConfigError) throw error;
        return failed(`integrity check failed ${errorMessage(error)}`);
      }
    }
    let latest: { id: string; time: string } | undefined;
    try {
      const list = snapshots.parse(JSON.parse(await restic('snapshots', 'latest', '--json')));
      latest = list.at(-1);
    } catch (error) {
      if (error instanceof CheckConfigError) throw error;
      return failed(`backup freshness check failed: ${errorMessage(error)}`);
    }
    if (!latest)
      return failed(`backup freshness check failed: no snapshots in ${target.repository}`);
    const maxAgeMs = target.maxAgeMs;
    const ageMs = Date.now() - Date.parse(latest.time);
    const data = { snapshot: latest, ageSeconds: Math.round(ageMs / 1000) };
    if (ageMs > maxAgeMs) {
      return failed(
        `backup freshness check failed: backup is ${Math.round((ageMs - maxAgeMs) / 1000)}s older than allowed maxAge for backup`,
        data,
      );
    }
    return { pass: true, message: `latest snapshot ${latest.id.slice(0, 8)}`, data };
  },
});

/** The check's own fields, or its connection's url, password, certificate and properties. */
async function targetOf(check: ResticCheck, ctx: CheckRunContext) {
  const saved = check.connection ? await ctx.connection(check.connection) : undefined;
  const repository = saved?.url ?? check.repository;
  const savedAge = saved?.properties.maxAge;
  const maxAge = typeof savedAge === 'string' ? savedAge : check.maxAge;
  const password = saved ? saved.password : await ctx.resolveValue(check.password);
  if (!repository) throw new CheckConfigError('needs repository or a connection with a url');
  if (!maxAge || parseDuration(maxAge) === undefined) {
    throw new CheckConfigError('maxAge must be a duration such as 24h');
  }
  const aws = check.awsConnectionName ? await ctx.connection(check.awsConnectionName) : undefined;
  const env: Record<string, string> = { RESTIC_PASSWORD: password ?? '' };
  const accessKey = aws ? aws.username : await ctx.resolveValue(check.accessKey);
  const secretKey = aws ? aws.password : await ctx.resolveValue(check.secretKey);
  if (accessKey) env.AWS_ACCESS_KEY_ID = accessKey;
  if (secretKey) env.AWS_SECRET_ACCESS_KEY = secretKey;
  const integrity = saved?.properties.checkIntegrity;
  const checkIntegrity = integrity === true || integrity === 'true';
  const maxAgeMs = parseDuration(maxAge) ?? 0;
  return { repository, maxAgeMs, env, caCert: saved?.certificate ?? check.caCert, checkIntegrity };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
