import { isIP } from 'node:net';
import type { Resolver } from 'node:dns/promises';

export const queryTypes = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'PTR', 'SRV', 'TXT'] as const;
export type QueryType = (typeof queryTypes)[number];

type Lookup = (resolver: Resolver, query: string) => Promise<string[]>;

/**
 * One lookup per record type, each giving records as text in the form canary-checker compares
 * with `exactreply`: names end with a dot, MX is `host. preference`, TXT strings are joined.
 */
const lookups: Record<QueryType, Lookup> = {
  A: (resolver, query) => resolver.resolve4(query),
  AAAA: (resolver, query) => resolver.resolve6(query),
  CNAME: async (resolver, query) => (await resolver.resolveCname(query)).map(fqdn),
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

function fqdn(name: string): string {
  return name.endsWith('.') ? name : `${name}.`;
}

/** How two records compare: case and trailing dots of names do not matter, TXT is exact. */
export function comparable(type: QueryType, record: string): string {
  if (type === 'TXT') return record;
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
