import { z } from 'zod';
import { commonCheckFields, envVar } from './check-type.ts';
import { parseDuration, parseSince } from '../../../platform/durations.ts';
import { parseSize } from './folder-units.ts';

const connectionRef = z
  .string()
  .regex(/^connection:\/\/[^/]+\/[^/]+$/, 'must look like connection://<namespace>/<name>');

const size = z.union([
  z.number().int().nonnegative(),
  z.string().refine((v) => parseSize(v) !== undefined, 'must be a size such as 25b, 10MB or 2GiB'),
]);

const duration = z
  .string()
  .refine((v) => parseDuration(v) !== undefined, 'must be a duration such as 30m, 12h or 7d');

const regex = z.string().refine((v) => {
  try {
    new RegExp(v);
    return true;
  } catch {
    return false;
  }
}, 'is not a valid regular expression');

const filter = z
  .object({
    minAge: duration.optional(),
    maxAge: duration.optional(),
    minSize: size.optional(),
    maxSize: size.optional(),
    regex: regex.optional(),
    // A template is filled in by the engine before the run; a literal must parse now.
    since: z
      .string()
      .refine(
        (v) => v.includes('{{') || parseSince(v) !== undefined,
        'must be an RFC 3339 time or date math such as now-60d',
      )
      .optional(),
  })
  .strict();

const sftpConnection = z
  .object({
    connection: connectionRef.optional(),
    host: z.string().min(1).optional(),
    port: z.number().int().min(1).max(65535).optional(),
    username: envVar.optional(),
    password: envVar.optional(),
  })
  .strict();

const smbConnection = z
  .object({
    connection: connectionRef.optional(),
    port: z.number().int().min(1).max(65535).optional(),
    username: envVar.optional(),
    password: envVar.optional(),
    domain: z.string().optional(),
  })
  .strict();

const awsConnection = z
  .object({
    connection: connectionRef.optional(),
    accessKey: envVar.optional(),
    secretKey: envVar.optional(),
    sessionToken: envVar.optional(),
    region: z.string().min(1).optional(),
    endpoint: z.url().optional(),
    skipTLSVerify: z.boolean().optional(),
    usePathStyle: z.boolean().optional(),
    bucket: z.string().min(1).optional(),
  })
  .strict();

const gcpConnection = z
  .object({
    connection: connectionRef.optional(),
    endpoint: z.url().optional(),
    credentials: envVar.optional(),
    bucket: z.string().min(1).optional(),
  })
  .strict();

/** canary-checker's FolderCheck: a path, a filter, and bounds on what the filter keeps. */
export const folderCheck = z
  .object({
    ...commonCheckFields,
    path: z.string().min(1, 'is required'),
    recursive: z.boolean().optional(),
    filter: filter.optional(),
    minAge: duration.optional(),
    maxAge: duration.optional(),
    minCount: z.number().int().nonnegative().optional(),
    maxCount: z.number().int().nonnegative().optional(),
    minSize: size.optional(),
    maxSize: size.optional(),
    availableSize: size.optional(),
    totalSize: size.optional(),
    sftpConnection: sftpConnection.optional(),
    smbConnection: smbConnection.optional(),
    awsConnection: awsConnection.optional(),
    gcpConnection: gcpConnection.optional(),
  })
  .strict()
  .superRefine((check, issues) => {
    const problem = pathProblem(check.path, check.sftpConnection !== undefined);
    if (problem) issues.addIssue({ code: 'custom', message: problem, path: ['path'] });
  });

export type FolderCheck = z.infer<typeof folderCheck>;
export type SizeValue = z.infer<typeof size>;

function pathProblem(path: string, hasSftpConnection: boolean): string | undefined {
  const lower = path.toLowerCase();
  if (lower.startsWith('smb://') || path.startsWith('\\\\')) {
    return 'folder over smb is not supported yet';
  }
  if (lower.startsWith('sftp://')) {
    const host = URL.canParse(path) ? new URL(path).hostname : '';
    if (host === '' && !hasSftpConnection) return 'sftp:// paths need a host: sftp://host/path';
  }
  return undefined;
}
