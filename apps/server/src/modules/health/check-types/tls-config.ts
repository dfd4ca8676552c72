import tls from 'node:tls';
import { z } from 'zod';
import { envVar, type CheckRunContext } from './check-type.ts';

/** canary-checker's `TLSConfig` (and duty's, which prometheus's `tls` is). */
export const tlsConfigFields = {
  insecureSkipVerify: z.boolean().optional().describe('Do not verify the server certificate'),
  handshakeTimeout: z
    .union([z.string(), z.number()])
    .optional()
    .describe("Accepted; the check's time limit bounds the handshake"),
  ca: envVar.optional().describe('PEM CA that verifies the server, besides the system ones'),
  cert: envVar.optional().describe('PEM client certificate'),
  key: envVar.optional().describe('PEM client private key'),
};

/** A client certificate needs its key, and the other way round. */
export function pairedCertAndKey(spec: { cert?: unknown; key?: unknown }): boolean {
  return (spec.cert === undefined) === (spec.key === undefined);
}

const pairMessage = { message: 'needs both cert and key for a client certificate', path: ['cert'] };

export const tlsConfigSpec = z
  .object(tlsConfigFields)
  .strict()
  .refine(pairedCertAndKey, pairMessage);
export type TlsConfigSpec = z.infer<typeof tlsConfigSpec>;

/** The TLS options of a Node client: what Go's tls.Config is for canary-checker. */
export interface ClientTls {
  readonly rejectUnauthorized: boolean;
  readonly ca: string[] | undefined;
  readonly cert: string | undefined;
  readonly key: string | undefined;
}

/**
 * Resolves the EnvVars. As canary-checker does, a `ca` is added to the system's roots (not
 * instead of them), and a client certificate needs both `cert` and `key`.
 */
export async function clientTls(spec: TlsConfigSpec, ctx: CheckRunContext): Promise<ClientTls> {
  const ca = await ctx.resolveValue(spec.ca);
  const cert = await ctx.resolveValue(spec.cert);
  const key = await ctx.resolveValue(spec.key);
  if ((cert === undefined) !== (key === undefined)) {
    throw new Error('invalid tls config: both client certificate and key must be provided');
  }
  return {
    rejectUnauthorized: spec.insecureSkipVerify !== true,
    ca: ca === undefined ? undefined : [...tls.rootCertificates, ca],
    cert,
    key,
  };
}

/** Redis's `tlsConfig`: TLS is on with `enable`, `insecureSkipVerify`, a `ca` or a `cert`. */
export const switchableTlsSpec = z
  .object({
    enable: z.boolean().optional().describe('Connect with TLS even when no other field is set'),
    ...tlsConfigFields,
  })
  .strict()
  .refine(pairedCertAndKey, pairMessage);

export function tlsEnabled(spec: z.infer<typeof switchableTlsSpec> | undefined): boolean {
  if (spec === undefined) return false;
  return (
    spec.enable === true ||
    spec.insecureSkipVerify === true ||
    spec.ca !== undefined ||
    spec.cert !== undefined
  );
}
