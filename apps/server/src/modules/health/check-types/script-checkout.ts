import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { CheckConfigError, envVar, type CheckRunContext } from './check-type.ts';
import { minimalEnvironment, runProcess } from './child-process.ts';

const cloneSchemes = ['https:', 'http:', 'file:'];

/** canary-checker's `GitConnection`: the repository cloned before an exec script runs. */
export const gitCheckout = z
  .object({
    url: z
      .string()
      .min(1)
      .refine((url) => !/^[a-z][a-z0-9+.-]*:\/\/[^/]*@/i.test(url), {
        message: 'must not carry credentials: use username and password',
      })
      .optional(),
    connection: z
      .string()
      .regex(/^connection:\/\/[^/]+\/[^/]+$/, 'must look like connection://<namespace>/<name>')
      .optional(),
    username: envVar.optional(),
    password: envVar.optional(),
    certificate: envVar.optional(),
    type: z.literal('git').optional(),
    branch: z
      .string()
      .regex(/^[^-\s][^\s]*$/, 'must be a branch or tag name')
      .optional(),
    depth: z.number().int().positive().optional(),
    destination: z
      .string()
      .refine((dir) => !path.isAbsolute(dir) && !dir.split(/[\\/]/).includes('..'), {
        message: "must be a relative path inside the check's scratch directory",
      })
      .optional(),
  })
  .strict()
  .refine((checkout) => checkout.url ?? checkout.connection, {
    message: 'needs url or connection',
    path: ['url'],
  });

export type GitCheckout = z.infer<typeof gitCheckout>;

export type CheckoutResult = { readonly dir: string } | { readonly error: string };

/**
 * Clones the checkout into `dir` with `git clone` (an argument list, no shell) and answers the
 * directory the script runs in, or why the clone failed. Credentials travel in the child's
 * environment only.
 */
export async function cloneCheckout(
  checkout: GitCheckout,
  ctx: CheckRunContext,
  dir: string,
): Promise<CheckoutResult> {
  const saved = checkout.connection
    ? await ctx.connection(checkout.connection, checkout.url)
    : undefined;
  const url = cloneUrl(checkout.url ?? saved?.url ?? '');
  const username = (await ctx.resolveValue(checkout.username)) ?? saved?.username ?? undefined;
  const password = (await ctx.resolveValue(checkout.password)) ?? saved?.password ?? undefined;
  const certificate = (await ctx.resolveValue(checkout.certificate)) ?? saved?.certificate;
  const extra: Record<string, string> = { GIT_TERMINAL_PROMPT: '0' };
  const config: [string, string][] = [];
  if (username !== undefined || password !== undefined) {
    const basic = Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64');
    config.push(['http.extraHeader', `Authorization: Basic ${basic}`]);
  }
  if (certificate) {
    const caFile = path.join(dir, '.git-ca.pem');
    await fs.writeFile(caFile, certificate, { mode: 0o600 });
    config.push(['http.sslCAInfo', caFile]);
  }
  // GIT_CONFIG_COUNT/KEY/VALUE: configuration that never shows in argv or process listings.
  config.forEach(([key, value], index) => {
    extra[`GIT_CONFIG_KEY_${index}`] = key;
    extra[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  if (config.length > 0) extra.GIT_CONFIG_COUNT = String(config.length);
  const target = path.join(dir, checkout.destination ?? 'checkout');
  const args = ['clone', '--quiet'];
  if (checkout.branch) args.push('--branch', checkout.branch);
  if (checkout.depth) args.push('--depth', String(checkout.depth));
  args.push('--', url, target);
  const result = await runProcess({
    command: 'git',
    args,
    env: minimalEnvironment(extra),
    cwd: dir,
    signal: ctx.signal,
  });
  if (result.spawnError) return { error: `git could not be started: ${result.spawnError.message}` };
  if (result.aborted) return { error: `git clone ${url} did not finish in time` };
  if (result.exitCode !== 0) {
    return { error: `git clone ${url} failed: ${result.stderr.trim().slice(-2000)}` };
  }
  return { dir: target };
}

/** `github.com/org/repo` (canary-checker's go-getter form) means https; other schemes refused. */
function cloneUrl(raw: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    throw new CheckConfigError(`checkout url ${raw} is not a URL`);
  }
  if (!cloneSchemes.includes(parsed.protocol)) {
    throw new CheckConfigError(`checkout url must use ${cloneSchemes.join(', ')}`);
  }
  if (parsed.username || parsed.password) {
    throw new CheckConfigError('checkout url must not carry credentials');
  }
  return parsed.href;
}
