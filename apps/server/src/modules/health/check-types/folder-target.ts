import { CheckConfigError, type CheckRunContext, type ResolvedConnection } from './check-type.ts';
import type { FolderLister } from './folder-listing.ts';
import { gcsLister, splitGcsPath } from './folder-gcs.ts';
import { isFolderGlob, localGlobLister, s3GlobLister } from './folder-glob.ts';
import { localLister } from './folder-local.ts';
import { s3Lister, splitS3Path } from './folder-s3.ts';
import type { FolderCheck } from './folder-schema.ts';
import { sftpLister } from './folder-sftp.ts';

/** Picks the backend for the check's path and resolves its credentials. */
export async function folderLister(
  check: FolderCheck,
  ctx: CheckRunContext,
): Promise<FolderLister> {
  const recursive = check.recursive === true;
  const lower = check.path.toLowerCase();
  if (lower.startsWith('s3://')) return s3Target(check, ctx);
  if (lower.startsWith('gcs://')) return gcsTarget(check, ctx);
  if (lower.startsWith('sftp://') || check.sftpConnection) {
    return sftpLister(await sftpTarget(check, ctx), recursive, ctx.timeoutMs);
  }
  if (isFolderGlob(check.path)) return localGlobLister(check.path);
  return localLister(check.path, recursive);
}

async function s3Target(check: FolderCheck, ctx: CheckRunContext): Promise<FolderLister> {
  const aws = check.awsConnection ?? {};
  const saved = aws.connection ? await ctx.connection(aws.connection, aws.endpoint) : undefined;
  const { bucket: pathBucket, prefix } = splitS3Path(check.path);
  const bucket = pathBucket || aws.bucket || property(saved, 'bucket');
  if (!bucket) throw new CheckConfigError('s3:// path needs a bucket: s3://bucket/prefix');
  const region = aws.region ?? property(saved, 'region') ?? 'us-east-1';
  const accessKeyId = (await ctx.resolveValue(aws.accessKey)) ?? saved?.username ?? undefined;
  const secretAccessKey = (await ctx.resolveValue(aws.secretKey)) ?? saved?.password ?? undefined;
  const sessionToken = await ctx.resolveValue(aws.sessionToken);
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new CheckConfigError('awsConnection needs both accessKey and secretKey');
  }
  const credentials =
    accessKeyId !== undefined && secretAccessKey !== undefined
      ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }
      : undefined;
  const target = {
    endpoint: aws.endpoint ?? saved?.url ?? `https://s3.${region}.amazonaws.com`,
    region,
    bucket,
    usePathStyle: aws.usePathStyle ?? property(saved, 'usePathStyle') === 'true',
    insecureSkipVerify: aws.skipTLSVerify ?? saved?.insecureTls ?? false,
    credentials,
  };
  return isFolderGlob(prefix) ? s3GlobLister(target, prefix) : s3Lister(target, prefix);
}

async function gcsTarget(check: FolderCheck, ctx: CheckRunContext): Promise<FolderLister> {
  const gcp = check.gcpConnection ?? {};
  const saved = gcp.connection ? await ctx.connection(gcp.connection, gcp.endpoint) : undefined;
  const { bucket: pathBucket, path } = splitGcsPath(check.path);
  const bucket = pathBucket || gcp.bucket || property(saved, 'bucket');
  if (!bucket) throw new CheckConfigError('gcs:// path needs a bucket: gcs://bucket/prefix');
  const credentials = (await ctx.resolveValue(gcp.credentials)) ?? saved?.password ?? undefined;
  const endpoint = gcp.endpoint ?? saved?.url ?? undefined;
  return gcsLister({ bucket, endpoint, credentials }, path);
}

async function sftpTarget(check: FolderCheck, ctx: CheckRunContext) {
  const spec = check.sftpConnection ?? {};
  const url = check.path.toLowerCase().startsWith('sftp://') ? new URL(check.path) : undefined;
  const saved = spec.connection
    ? await ctx.connection(spec.connection, ownSftpEndpoint(url, spec))
    : undefined;
  const savedHost = saved?.url ? hostOf(saved.url) : undefined;
  const host = url?.hostname || spec.host || savedHost?.host;
  if (!host)
    throw new CheckConfigError('sftp needs a host: sftpConnection.host or sftp://host/path');
  const username =
    (url?.username ? decodeURIComponent(url.username) : undefined) ??
    (await ctx.resolveValue(spec.username)) ??
    saved?.username ??
    undefined;
  if (!username) throw new CheckConfigError('sftp needs a username');
  const password =
    (url?.password ? decodeURIComponent(url.password) : undefined) ??
    (await ctx.resolveValue(spec.password)) ??
    saved?.password ??
    undefined;
  const port =
    (url?.port ? Number(url.port) : undefined) ??
    spec.port ??
    savedHost?.port ??
    (Number(property(saved, 'port')) || 22);
  const folder = url ? decodeURIComponent(url.pathname) || '/' : check.path;
  return { host, port, username, password, folder };
}

/** Where the check's own fields send the sftp login, when they name a host or port. */
function ownSftpEndpoint(
  url: URL | undefined,
  spec: { readonly host?: string | undefined; readonly port?: number | undefined },
): string | undefined {
  if (url) return `sftp://${url.host}`;
  if (spec.host === undefined && spec.port === undefined) return undefined;
  return `sftp://${spec.host ?? ''}${spec.port === undefined ? '' : `:${spec.port}`}`;
}

/** A saved connection's URL may be `host`, `host:port` or `sftp://host:port`. */
function hostOf(text: string): { host: string; port: number | undefined } {
  const url =
    URL.canParse(text) && text.includes('://') ? new URL(text) : new URL(`sftp://${text}`);
  return { host: url.hostname, port: url.port ? Number(url.port) : undefined };
}

function property(connection: ResolvedConnection | undefined, key: string): string | undefined {
  const value = connection?.properties[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}
