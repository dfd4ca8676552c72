import type { Credentials } from '../accounts/credentials.ts';
import type { IdentityRecord } from '../accounts/identity.repository.ts';
import type { FormValues } from '../flows/form.ts';
import { registeredKey, type Relying } from '../methods/webauthn.ts';
import { problem } from '../ui/messages.ts';
import type { UiText } from '../ui/ui.types.ts';

type Change = { credentials: Credentials; added: boolean } | { field: string; problem: UiText };

/** Adds the key the browser just created, or removes one; the caller stores the result. */
export async function webauthnChange(
  identity: IdentityRecord,
  form: FormValues,
  challenge: string | undefined,
  party: Relying,
): Promise<Change> {
  const keys = identity.credentials.webauthn?.credentials ?? [];
  if (form.webauthn_remove) {
    const remaining = keys.filter((key) => key.id !== form.webauthn_remove);
    return {
      credentials: { ...identity.credentials, webauthn: { credentials: remaining } },
      added: false,
    };
  }
  const answer = form.webauthn_register ?? '';
  const key =
    challenge && answer
      ? await registeredKey(answer, challenge, party, form.webauthn_register_displayname ?? '')
      : undefined;
  if (!key) {
    return {
      field: 'webauthn_register_trigger',
      problem: problem.generic('The security key could not be verified. Please try again.'),
    };
  }
  return {
    credentials: { ...identity.credentials, webauthn: { credentials: [...keys, key] } },
    added: true,
  };
}
