import { randomInt } from 'node:crypto';
import type { Sealer } from '../../../platform/crypto.ts';
import type { Credentials } from '../accounts/credentials.ts';
import { text } from '../ui/messages.ts';
import { input, submit, textNode } from '../ui/nodes.ts';
import type { UiNode } from '../ui/ui.types.ts';

const codeCount = 12;
const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';

export function newLookupCodes(): string[] {
  return Array.from({ length: codeCount }, () =>
    Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join(''),
  );
}

export function loginLookupNodes(): UiNode[] {
  return [
    input('lookup_secret', 'lookup_secret', 'text', {
      required: true,
      autocomplete: 'off',
      label: text.backupCode(),
    }),
    submit('lookup_secret', 'method', 'lookup_secret', text.useBackupCode()),
  ];
}

/** The codes as one text node (1050015); used ones show as 'Used' (1050014). */
export function codeListNode(
  codes: ReadonlyArray<{ code: string; usedAt: string | null }>,
): UiNode {
  const secrets = codes.map((c) =>
    c.usedAt ? text.usedSecret(c.usedAt) : text.lookupSecret(c.code),
  );
  return textNode('lookup_secret', 'lookup_secret_codes', text.secretList(secrets));
}

/** Settings nodes for the current state: none yet, enrolled, or freshly generated codes. */
export function settingsLookupNodes(
  state: 'none' | 'enrolled' | 'revealed' | 'generated',
  codes: ReadonlyArray<{ code: string; usedAt: string | null }> = [],
): UiNode[] {
  const button = (name: string, label: ReturnType<typeof text.save>): UiNode =>
    input('lookup_secret', name, 'submit', { value: 'true', label });
  if (state === 'generated') {
    return [codeListNode(codes), button('lookup_secret_confirm', text.confirmCodes())];
  }
  if (state === 'none') return [button('lookup_secret_regenerate', text.regenerateCodes())];
  return [
    ...(state === 'revealed'
      ? [codeListNode(codes)]
      : [button('lookup_secret_reveal', text.revealCodes())]),
    button('lookup_secret_regenerate', text.regenerateCodes()),
    button('lookup_secret_disable', text.disableCodes()),
  ];
}

export function openCodes(credentials: Credentials, sealer: Sealer) {
  return (credentials.lookup_secret?.codes ?? []).map((c) => ({
    code: sealer.open(c.sealed_code),
    usedAt: c.used_at,
  }));
}

/** Marks the code used and returns the new credentials, or a reason it cannot be used. */
export function useLookupCode(
  credentials: Credentials,
  sealer: Sealer,
  submitted: string,
): { credentials: Credentials } | { problem: 'unknown' | 'used' } {
  const codes = credentials.lookup_secret?.codes ?? [];
  const wanted = submitted.trim().toLowerCase();
  const index = codes.findIndex((c) => sealer.open(c.sealed_code) === wanted);
  const match = codes[index];
  if (!match || !credentials.lookup_secret) return { problem: 'unknown' };
  if (match.used_at) return { problem: 'used' };
  const updated = codes.map((c, i) =>
    i === index ? { ...c, used_at: new Date().toISOString() } : c,
  );
  return {
    credentials: {
      ...credentials,
      lookup_secret: { ...credentials.lookup_secret, codes: updated },
    },
  };
}

export function sealCodes(codes: readonly string[], sealer: Sealer): Credentials['lookup_secret'] {
  return {
    codes: codes.map((code) => ({ sealed_code: sealer.seal(code), used_at: null })),
    created_at: new Date().toISOString(),
  };
}
