import { z } from 'zod';
import { lazyModule } from '../../../platform/lazy-module.ts';
import type { Credentials } from '../accounts/credentials.ts';
import { text } from '../ui/messages.ts';
import { input, submit } from '../ui/nodes.ts';
import type { UiNode } from '../ui/ui.types.ts';

/** Loaded on the first WebAuthn ceremony, not at start-up. */
const simplewebauthn = lazyModule(() => import('@simplewebauthn/server'));

/**
 * WebAuthn (security keys and passkeys) as a second factor. The console's account pages
 * provide the two window functions the trigger buttons call (features/account/webauthn).
 */
const transports = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const extensions = z.object({}).catchall(z.unknown());

/** What every credential answer carries, whether it registers a key or signs in with one. */
const credentialAnswer = z.object({
  id: z.string(),
  rawId: z.string(),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
  clientExtensionResults: extensions,
});

const registrationSchema = credentialAnswer.extend({
  response: z.object({
    clientDataJSON: z.string(),
    attestationObject: z.string(),
    authenticatorData: z.string().optional(),
    transports: z.array(transports).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: z.string().optional(),
  }),
});

const authenticationSchema = credentialAnswer.extend({
  response: z.object({
    clientDataJSON: z.string(),
    authenticatorData: z.string(),
    signature: z.string(),
    userHandle: z.string().optional(),
  }),
});

export interface Relying {
  /** The host name the browser used: a WebAuthn credential belongs to it. */
  readonly rpId: string;
  readonly origin: string;
}

export function relyingParty(origin: string): Relying {
  return { rpId: new URL(origin).hostname, origin };
}

type StoredKey = NonNullable<Credentials['webauthn']>['credentials'][number];

function keysOf(credentials: Credentials): StoredKey[] {
  return credentials.webauthn?.credentials ?? [];
}

/** Settings nodes, and the challenge to keep in the flow. */
export async function settingsWebAuthn(
  credentials: Credentials,
  party: Relying,
  account: { id: string; email: string },
): Promise<{ nodes: UiNode[]; challenge: string }> {
  const options = await (
    await simplewebauthn()
  ).generateRegistrationOptions({
    rpName: 'Vigil',
    rpID: party.rpId,
    userName: account.email,
    userID: new TextEncoder().encode(account.id),
    attestationType: 'none',
    excludeCredentials: keysOf(credentials).map((key) => ({ id: key.id })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const nodes = [
    input('webauthn', 'webauthn_register_displayname', 'text', { label: text.securityKeyName() }),
    input('webauthn', 'webauthn_register', 'hidden', { value: '' }),
    input('webauthn', 'webauthn_register_trigger', 'button', {
      value: '',
      label: text.addSecurityKey(),
      onclick: `window.__vigilWebAuthnRegister(${JSON.stringify(options)})`,
    }),
    ...keysOf(credentials).map((key) =>
      submit('webauthn', 'webauthn_remove', key.id, text.removeSecurityKey(key.display_name)),
    ),
  ];
  return { nodes, challenge: options.challenge };
}

export async function loginWebAuthn(
  credentials: Credentials,
  party: Relying,
): Promise<{ nodes: UiNode[]; challenge: string } | undefined> {
  const keys = keysOf(credentials);
  if (keys.length === 0) return undefined;
  const options = await (
    await simplewebauthn()
  ).generateAuthenticationOptions({
    rpID: party.rpId,
    allowCredentials: keys.map((key) => ({ id: key.id })),
    userVerification: 'preferred',
  });
  const nodes = [
    input('webauthn', 'webauthn_login', 'hidden', { value: '' }),
    input('webauthn', 'webauthn_login_trigger', 'button', {
      value: '',
      label: text.useSecurityKey(),
      onclick: `window.__vigilWebAuthnLogin(${JSON.stringify(options)})`,
    }),
  ];
  return { nodes, challenge: options.challenge };
}

/** A new key from the browser's answer, or undefined when it does not verify. */
export async function registeredKey(
  answer: string,
  challenge: string,
  party: Relying,
  name: string,
): Promise<StoredKey | undefined> {
  const parsed = registrationSchema.safeParse(safeJson(answer));
  if (!parsed.success) return undefined;
  const result = await (
    await simplewebauthn()
  )
    .verifyRegistrationResponse({
      response: parsed.data,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpId,
      requireUserVerification: false,
    })
    .catch(() => undefined);
  if (!result?.verified) return undefined;
  const { credential } = result.registrationInfo;
  return {
    id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    display_name: name.trim().slice(0, 64) || 'Security key',
    transports: credential.transports ?? [],
    added_at: new Date().toISOString(),
  };
}

/** The credentials with the used key's counter advanced, or undefined when it fails. */
export async function authenticatedWith(
  credentials: Credentials,
  answer: string,
  challenge: string,
  party: Relying,
): Promise<Credentials | undefined> {
  const parsed = authenticationSchema.safeParse(safeJson(answer));
  if (!parsed.success || !credentials.webauthn) return undefined;
  const key = keysOf(credentials).find((k) => k.id === parsed.data.id);
  if (!key) return undefined;
  const result = await (
    await simplewebauthn()
  )
    .verifyAuthenticationResponse({
      response: parsed.data,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpId,
      requireUserVerification: false,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.public_key, 'base64url')),
        counter: key.counter,
      },
    })
    .catch(() => undefined);
  if (!result?.verified) return undefined;
  const updated = keysOf(credentials).map((k) =>
    k.id === key.id ? { ...k, counter: result.authenticationInfo.newCounter } : k,
  );
  return { ...credentials, webauthn: { credentials: updated } };
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
