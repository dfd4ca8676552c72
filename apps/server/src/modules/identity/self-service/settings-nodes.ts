import type { Sealer } from '../../../platform/crypto.ts';
import type { IdentityRecord } from '../accounts/identity.repository.ts';
import { openCodes, settingsLookupNodes } from '../methods/lookup-secret.ts';
import { settingsOidcNodes } from '../methods/oidc.ts';
import { settingsPasswordNodes, settingsProfileNodes } from '../methods/password.ts';
import { enrolTotpNodes, unlinkTotpNodes } from '../methods/totp.ts';
import type { UiNode } from '../ui/ui.types.ts';

export type LookupView = 'revealed' | 'generated' | undefined;

/** Every settings section for the identity as it is now. */
export async function settingsNodes(
  identity: IdentityRecord,
  sealer: Sealer,
  pending: { totpSecret: string; lookupView?: LookupView; generated?: string[] },
  providers: ReadonlyArray<{ provider: string; label: string }> = [],
): Promise<UiNode[]> {
  const linked = new Set((identity.credentials.oidc?.providers ?? []).map((p) => p.provider));
  const credentials = identity.credentials;
  const totp = credentials.totp
    ? unlinkTotpNodes()
    : await enrolTotpNodes(pending.totpSecret, identity.traits.email);
  return [
    ...settingsProfileNodes(identity.traits),
    ...settingsPasswordNodes(),
    ...settingsOidcNodes(providers, linked),
    ...totp,
    ...lookupNodes(identity, sealer, pending),
  ];
}

function lookupNodes(
  identity: IdentityRecord,
  sealer: Sealer,
  pending: { lookupView?: LookupView; generated?: string[] },
): UiNode[] {
  if (pending.lookupView === 'generated' && pending.generated) {
    return settingsLookupNodes(
      'generated',
      pending.generated.map((code) => ({ code, usedAt: null })),
    );
  }
  if (!identity.credentials.lookup_secret) return settingsLookupNodes('none');
  if (pending.lookupView === 'revealed') {
    return settingsLookupNodes('revealed', openCodes(identity.credentials, sealer));
  }
  return settingsLookupNodes('enrolled');
}
