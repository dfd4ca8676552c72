import { isIP } from 'node:net';
import type { Resolver } from 'node:dns/promises';

export const queryTypes = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'PTR', 'SRV', 'TXT'] as const;
export type QueryType = (typeof queryTypes)[number];

type Lookup = (resolver: Resolver, query: string) => Promise<string[]>;

/**
 * One lookup per record type, each as Go's resolver answers canary-checker, in the form it
 * compares with `exactreply`: names end with a dot, MX is `host. preference`, TXT strings are
 * joined. `A` is Go's LookupHost (IPv4 and IPv6 addresses); `CNAME` is Go's LookupCNAME.
 */
const lookups: Record<QueryType, Lookup> = {
  A: lookupHost,
  AAAA: (resolver, query) => resolver.resolve6(query),
  CNAME: lookupCanonicalName,
  MX: async (resolver, query) =>
    (await resolver.resolveMx(query)).map((mx) => `${fqdn(mx.exchange)} ${mx.priority}`),
  NS: async (resolver, query) => (await resolver.resolveNs(query)).map(fqdn),
  PTR: async (resolver, query) =>
    (isIP(query) ? await resolver.reverse(query) : await resolver.resolvePtr(query)).map(fqdn),
  SRV: async (resolver, query) =>
    (await resolver.resolveSrv(query)).map(
      (srv) => `${srv.priority} ${srv.weight} ${srv.port} ${fqdn(srv.name)}`,
    ),
  TXT: async (resolver, query) => (await resolver.resolveTxt(query)).map((parts) => parts.join('')),
};

export function lookupRecords(
  resolver: Resolver,
  type: QueryType,
  query: string,
): Promise<string[]> {
  return lookups[type](resolver, query);
}

async function lookupHost(resolver: Resolver, query: string): Promise<string[]> {
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(query), resolver.resolve6(query)]);
  const addresses = [v4, v6].flatMap((found) => (found.status === 'fulfilled' ? found.value : []));
  if (addresses.length > 0) return addresses;
  throw v4.status === 'rejected' ? v4.reason : new Error(`no addresses for ${query}`);
}

/** Go follows CNAMEs no deeper than this before it gives up on a chain. */
const maxCnameHops = 10;

/**
 * The canonical name after following zero or more CNAMEs, as Go's LookupCNAME answers it: a
 * name without a CNAME is its own canonical name when it has address records.
 */
async function lookupCanonicalName(resolver: Resolver, query: string): Promise<string[]> {
  let name = query;
  for (let hop = 0; hop < maxCnameHops; hop++) {
    let targets: string[];
    try {
      targets = await resolver.resolveCname(name);
    } catch (error) {
      if (hop > 0 && isNoData(error)) return [fqdn(name)];
      if (hop === 0 && isNoData(error) && (await hasAddresses(resolver, name))) {
        return [fqdn(name)];
      }
      throw error;
    }
    const [next] = targets;
    if (next === undefined) break;
    name = next;
  }
  return [fqdn(name)];
}

async function hasAddresses(resolver: Resolver, name: string): Promise<boolean> {
  try {
    return (await lookupHost(resolver, name)).length > 0;
  } catch {
    return false;
  }
}

function isNoData(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENODATA' || code === 'ENOTFOUND';
}

function fqdn(name: string): string {
  return name.endsWith('.') ? name : `${name}.`;
}

/** How two records compare: case never matters (Go lowercases both), nor a name's final dot. */
export function comparable(type: QueryType, record: string): string {
  if (type === 'TXT') return record.toLowerCase();
  return record
    .split(/\s+/)
    .map((part) => part.replace(/\.$/, '').toLowerCase())
    .join(' ');
}

const errorTexts: Readonly<Record<string, string>> = {
  ENOTFOUND: 'no such domain (NXDOMAIN)',
  ESERVFAIL: 'server failure (SERVFAIL)',
  EREFUSED: 'query refused (REFUSED)',
  ECONNREFUSED: 'connection refused',
  EBADNAME: 'not a valid domain name',
  EBADRESP: 'malformed response',
};

/** A lookup error as a short reason; ENODATA names the missing record type. */
export function lookupErrorText(error: unknown, type: QueryType, timeoutMs: number): string {
  const code = errorCode(error);
  if (code === 'ENODATA') return `no ${type} records`;
  if (code === 'ETIMEOUT' || code === 'ECANCELLED') return `no answer within ${timeoutMs}ms`;
  if (code !== undefined && errorTexts[code] !== undefined) return errorTexts[code];
  return error instanceof Error ? error.message : String(error);
}

function errorCode(error: unknown): string | undefined {
  if (!(error instanceof Error) || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
