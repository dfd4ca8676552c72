import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { envVar, envVarObject, type CheckRunContext } from './check-type.ts';
import { minimalEnvironment } from './child-process.ts';

/** canary-checker's `env[]`: EnvVars that must carry the variable's name. */
export const namedEnvVar = envVarObject.extend({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a valid environment variable name'),
});

const awsConnection = z
  .object({
    connection: z.string().optional(),
    accessKey: envVar.optional(),
    secretKey: envVar.optional(),
    sessionToken: envVar.optional(),
    region: z.string().optional(),
    endpoint: z.string().optional(),
  })
  .strict();

const gcpConnection = z
  .object({ connection: z.string().optional(), credentials: envVar.optional() })
  .strict();

const azureConnection = z
  .object({
    connection: z.string().optional(),
    clientID: envVar.optional(),
    clientSecret: envVar.optional(),
    tenantID: z.string().optional(),
  })
  .strict();

/** canary-checker's `connections`: cloud credentials handed to the script as variables. */
export const execConnections = z
  .object({
    aws: awsConnection.optional(),
    gcp: gcpConnection.optional(),
    azure: azureConnection.optional(),
  })
  .strict();

export interface ScriptSettings {
  readonly env?: readonly z.infer<typeof namedEnvVar>[];
  readonly connections?: z.infer<typeof execConnections>;
}

/** Runs `work` in a fresh private directory that is removed afterwards. */
export async function withScratchDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-script-'));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The script's environment: a few host variables, then the check's `env`, then connection
 * credentials. Secrets that cannot be resolved throw CheckConfigError.
 */
export async function scriptEnvironment(
  settings: ScriptSettings,
  ctx: CheckRunContext,
  dir: string,
): Promise<Record<string, string>> {
  const own: Record<string, string> = {};
  for (const variable of settings.env ?? []) {
    own[variable.name] = (await ctx.resolveValue(variable)) ?? '';
  }
  const connections = settings.connections ?? {};
  const aws = connections.aws ? await awsVariables(connections.aws, ctx) : {};
  const azure = connections.azure ? await azureVariables(connections.azure, ctx) : {};
  const gcp = connections.gcp ? await gcpVariables(connections.gcp, ctx, dir) : {};
  return minimalEnvironment({ ...own, ...aws, ...azure, ...gcp });
}

async function awsVariables(
  aws: z.infer<typeof awsConnection>,
  ctx: CheckRunContext,
): Promise<Record<string, string>> {
  const stored = aws.connection ? await ctx.connection(aws.connection, aws.endpoint) : undefined;
  const region = aws.region ?? propertyText(stored?.properties, 'region');
  return defined({
    AWS_ACCESS_KEY_ID: (await ctx.resolveValue(aws.accessKey)) ?? stored?.username,
    AWS_SECRET_ACCESS_KEY: (await ctx.resolveValue(aws.secretKey)) ?? stored?.password,
    AWS_SESSION_TOKEN: await ctx.resolveValue(aws.sessionToken),
    AWS_REGION: region,
    AWS_DEFAULT_REGION: region,
    AWS_ENDPOINT_URL: aws.endpoint ?? stored?.url,
    // Never fall back to the instance metadata service of the machine running Vigil.
    AWS_EC2_METADATA_DISABLED: 'true',
  });
}

async function azureVariables(
  azure: z.infer<typeof azureConnection>,
  ctx: CheckRunContext,
): Promise<Record<string, string>> {
  const stored = azure.connection ? await ctx.connection(azure.connection) : undefined;
  return defined({
    AZURE_CLIENT_ID: (await ctx.resolveValue(azure.clientID)) ?? stored?.username,
    AZURE_CLIENT_SECRET: (await ctx.resolveValue(azure.clientSecret)) ?? stored?.password,
    AZURE_TENANT_ID:
      azure.tenantID ??
      propertyText(stored?.properties, 'tenantID') ??
      propertyText(stored?.properties, 'tenant'),
  });
}

async function gcpVariables(
  gcp: z.infer<typeof gcpConnection>,
  ctx: CheckRunContext,
  dir: string,
): Promise<Record<string, string>> {
  const stored = gcp.connection ? await ctx.connection(gcp.connection) : undefined;
  const credentials =
    (await ctx.resolveValue(gcp.credentials)) ?? stored?.certificate ?? stored?.password;
  if (credentials === undefined || credentials === null) return {};
  const file = path.join(dir, '.gcp-credentials.json');
  await fs.writeFile(file, credentials, { mode: 0o600 });
  return { GOOGLE_APPLICATION_CREDENTIALS: file, CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE: file };
}

function propertyText(
  properties: Readonly<Record<string, unknown>> | undefined,
  key: string,
): string | undefined {
  const value = properties?.[key];
  return typeof value === 'string' ? value : undefined;
}

function defined(values: Record<string, string | null | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) result[key] = value;
  }
  return result;
}
