import type { Credentials } from '../accounts/credentials.ts';
import { updateCredentials, type IdentityRecord } from '../accounts/identity.repository.ts';
import type { FormValues } from '../flows/form.ts';
import { loginLookupNodes, useLookupCode } from '../methods/lookup-secret.ts';
import { enrolledTotpSecret, loginTotpNodes, totpCodeMatches } from '../methods/totp.ts';
import { problem } from '../ui/messages.ts';
import type { UiNode, UiText } from '../ui/ui.types.ts';
import { authenticatedWith, type Relying } from '../methods/webauthn.ts';
import type { SelfServiceDeps } from './deps.ts';
import type { Queryable } from '../../../platform/db.ts';

/** The second-factor fields a login flow offers this identity. */
export function secondFactorNodes(credentials: Credentials): UiNode[] {
  return [
    ...(credentials.totp ? loginTotpNodes() : []),
    ...(credentials.lookup_secret ? loginLookupNodes() : []),
  ];
}

/** Checks a second factor; on success a lookup code is spent in the same transaction. */
export async function checkSecondFactor(
  deps: SelfServiceDeps,
  client: Queryable,
  identity: IdentityRecord,
  method: string,
  form: FormValues,
  webauthn: { party: Relying; challenge?: string },
): Promise<{ ok: true } | { ok: false; field: string; message: UiText }> {
  if (method === 'webauthn') {
    const answer = form.webauthn_login ?? '';
    const updated =
      webauthn.challenge && answer
        ? await authenticatedWith(identity.credentials, answer, webauthn.challenge, webauthn.party)
        : undefined;
    if (!updated) {
      return {
        ok: false,
        field: 'webauthn_login_trigger',
        message: problem.generic('The security key could not be verified. Please try again.'),
      };
    }
    await updateCredentials(client, identity.id, updated);
    return { ok: true };
  }
  if (method === 'totp') {
    const secret = enrolledTotpSecret(identity.credentials, deps.sealer);
    const code = form.totp_code ?? '';
    if (secret && (await totpCodeMatches(secret, code))) return { ok: true };
    return { ok: false, field: 'totp_code', message: problem.badTotpCode() };
  }
  if (method === 'lookup_secret') {
    const used = useLookupCode(identity.credentials, deps.sealer, form.lookup_secret ?? '');
    if ('credentials' in used) {
      await updateCredentials(client, identity.id, used.credentials);
      return { ok: true };
    }
    const message = used.problem === 'used' ? problem.usedBackupCode() : problem.badBackupCode();
    return { ok: false, field: 'lookup_secret', message };
  }
  return { ok: false, field: 'method', message: problem.generic(`Unknown method ${method}`) };
}
