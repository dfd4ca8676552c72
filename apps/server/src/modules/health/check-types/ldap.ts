import type { Client } from 'ldapts';
import { z } from 'zod';
import { lazyModule } from '../../../platform/lazy-module.ts';
import {
  CheckConfigError,
  commonCheckFields,
  defineCheckType,
  envVar,
  errorText,
  failed,
  type CheckOutcome,
  type CheckRunContext,
} from './check-type.ts';

const ldapUrl = z.string().regex(/^ldaps?:\/\/[^\s/]+\/?$/i, 'must look like ldap://host:port');

const ldapCheck = z
  .object({
    ...commonCheckFields,
    url: ldapUrl.optional(),
    /** The older canary-checker name of `url`. */
    host: ldapUrl.optional(),
    username: envVar.optional(),
    password: envVar.optional(),
    /** The base DN the search runs under. */
    bindDN: z.string().min(1, 'is required'),
    userSearch: z.string().min(1).optional(),
    skipTLSVerify: z.boolean().optional(),
  })
  .strict()
  .refine((c) => c.url ?? c.host ?? c.connection, {
    message: 'needs url (or host, or a connection)',
    path: ['url'],
  });

type LdapCheck = z.infer<typeof ldapCheck>;

interface LdapTarget {
  readonly url: string;
  readonly username: string | undefined;
  readonly password: string | undefined;
  readonly skipTlsVerify: boolean;
}

const everything = '(objectClass=*)';

/** The LDAP client, loaded when an LDAP check or connection test first runs. */
export const ldapts = lazyModule(() => import('ldapts'));

/** `spec.ldap[]`: bind (anonymously without a username), then search under bindDN. */
export const ldapCheckType = defineCheckType({
  type: 'ldap',
  schema: ldapCheck,
  endpoint: (check) => check.url ?? check.host ?? check.connection,
  async run(check, ctx) {
    const filter = check.userSearch ?? everything;
    const { Client, FilterParser } = await ldapts();
    try {
      FilterParser.parseString(filter);
    } catch (error) {
      return { ...failed(`userSearch is not an LDAP filter: ${errorText(error)}`), invalid: true };
    }
    const target = await resolveTarget(check, ctx);
    const client = new Client({
      url: target.url,
      connectTimeout: ctx.timeoutMs,
      timeout: ctx.timeoutMs,
      // ldapts switches to TLS whenever tlsOptions is set, so only ldaps:// gets them.
      ...(/^ldaps:/i.test(target.url)
        ? { tlsOptions: { rejectUnauthorized: !target.skipTlsVerify } }
        : {}),
    });
    try {
      return await abortable(probe(client, check.bindDN, filter, target), ctx.signal);
    } finally {
      // Also destroys a socket still connecting, so an aborted run leaves nothing open.
      await client.unbind().catch(() => undefined);
    }
  },
});

async function resolveTarget(check: LdapCheck, ctx: CheckRunContext): Promise<LdapTarget> {
  const own = check.url ?? check.host;
  const connection = check.connection ? await ctx.connection(check.connection, own) : undefined;
  const url = own ?? connection?.url ?? undefined;
  if (!url) throw new CheckConfigError('needs url or a connection with a url');
  if (!/^ldaps?:\/\//i.test(url)) throw new CheckConfigError(`${url} is not an ldap:// URL`);
  return {
    url,
    username: (await ctx.resolveValue(check.username)) ?? connection?.username ?? undefined,
    password: (await ctx.resolveValue(check.password)) ?? connection?.password ?? undefined,
    skipTlsVerify: check.skipTLSVerify ?? connection?.insecureTls ?? false,
  };
}

async function probe(
  client: Client,
  base: string,
  filter: string,
  target: LdapTarget,
): Promise<CheckOutcome> {
  const started = performance.now();
  if (target.username) {
    try {
      await client.bind(target.username, target.password ?? '');
    } catch (error) {
      return failed(`bind as ${target.username} failed: ${ldapErrorText(error)}`);
    }
  }
  let dns: string[];
  try {
    // "1.1" asks for no attributes: the check needs the entries, not their contents.
    const { searchEntries } = await client.search(base, {
      scope: 'sub',
      filter,
      attributes: ['1.1'],
    });
    dns = searchEntries.map((entry) => entry.dn);
  } catch (error) {
    return failed(`search under ${base} failed: ${ldapErrorText(error)}`);
  }
  const elapsed = Math.round(performance.now() - started);
  const data = { count: dns.length, entries: dns, elapsed };
  if (dns.length === 0) {
    return {
      pass: false,
      error: `no entries match ${filter} under ${base}`,
      data,
      duration: elapsed,
    };
  }
  const noun = dns.length === 1 ? 'entry' : 'entries';
  return { pass: true, message: `${dns.length} ${noun} in ${elapsed}ms`, data, duration: elapsed };
}

/** ldapts words a result code by its class name, with the server's diagnostic when it sent one. */
export function ldapErrorText(error: unknown): string {
  if (!isResultCodeError(error)) return errorText(error);
  const kind = error.name
    .replace(/Error$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  const diagnostic = error.message.replace(/\s*Code: 0x[0-9a-f]+$/i, '').trim();
  return `${kind} (LDAP result ${error.code})${diagnostic ? `: ${diagnostic}` : ''}`;
}

/** Settles with `work`, or fails as soon as the check's time limit passes. */
function abortable(work: Promise<CheckOutcome>, signal: AbortSignal): Promise<CheckOutcome> {
  if (signal.aborted) return Promise.resolve(failed('timed out before the LDAP probe started'));
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(failed('timed out waiting for the LDAP server'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** ldapts's ResultCodeError (without loading ldapts): an Error whose code is a number. */
function isResultCodeError(error: unknown): error is Error & { code: number } {
  return error instanceof Error && 'code' in error && typeof error.code === 'number';
}
