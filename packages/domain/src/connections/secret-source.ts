import { z } from 'zod';

/** What reads of a connection show in place of a stored static secret. */
export const maskedSecret = '********';

export const secretSourceModes = ['Static', 'Secret', 'ConfigMap'] as const;
export type SecretSourceMode = (typeof secretSourceModes)[number];

export type SecretSource =
  | { readonly mode: 'Static'; readonly value: string }
  | { readonly mode: 'Secret' | 'ConfigMap'; readonly name: string; readonly key: string };

const reference = /^(secret|configmap):\/\/([^/]+)\/([^/]+)$/;
const scheme = { Secret: 'secret', ConfigMap: 'configmap' } as const;

/** A stored or entered value read back into its source: `secret://name/key`, else static. */
export function parseSecretSource(value: string): SecretSource {
  const match = reference.exec(value);
  if (!match) return { mode: 'Static', value };
  const [, kind, name = '', key = ''] = match;
  return { mode: kind === 'secret' ? 'Secret' : 'ConfigMap', name, key };
}

/** The stored form of a source; a reference needs both a name and a key. */
export function formatSecretSource(source: SecretSource): string {
  if (source.mode === 'Static') return source.value;
  return `${scheme[source.mode]}://${source.name}/${source.key}`;
}

export function isSecretReference(value: string): boolean {
  return reference.test(value);
}

/** A name or key of a Kubernetes Secret or ConfigMap: one path segment. */
export const secretKeyPart = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .regex(/^[^/\\\0]+$/, 'must not contain / or \\')
  .refine((part) => part !== '.' && part !== '..', 'must not be . or ..');
