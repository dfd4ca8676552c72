import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { toast } from 'sonner';

/** What a ceremony hands back to the form that started it. */
export interface WebAuthnResult {
  /** The hidden input to fill: webauthn_register or webauthn_login. */
  readonly name: string;
  readonly value: string;
}

export const webauthnResultEvent = 'vigil:webauthn-result';

/**
 * The identity service's WebAuthn buttons call `window.__vigilWebAuthnRegister(options)` and
 * `window.__vigilWebAuthnLogin(options)`. These run the browser ceremony and hand the answer
 * to the flow form through a DOM event, so no script from the server is evaluated.
 */
export function installWebAuthnBridge(): void {
  Reflect.set(window, '__vigilWebAuthnRegister', (options: unknown) => {
    void ceremony('webauthn_register', () =>
      startRegistration({ optionsJSON: creationOptions(options) }),
    );
  });
  Reflect.set(window, '__vigilWebAuthnLogin', (options: unknown) => {
    void ceremony('webauthn_login', () =>
      startAuthentication({ optionsJSON: requestOptions(options) }),
    );
  });
}

async function ceremony(name: string, run: () => Promise<unknown>): Promise<void> {
  try {
    const answer = await run();
    const detail: WebAuthnResult = { name, value: JSON.stringify(answer) };
    document.dispatchEvent(new CustomEvent(webauthnResultEvent, { detail }));
  } catch (error) {
    toast.error(error instanceof Error ? error.message : 'The security key did not answer.');
  }
}

export function isWebAuthnResult(value: unknown): value is WebAuthnResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    'name' in value &&
    typeof value.name === 'string' &&
    'value' in value &&
    typeof value.value === 'string'
  );
}

function hasChallenge(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    'challenge' in value &&
    typeof value.challenge === 'string'
  );
}

/**
 * The server builds these options with @simplewebauthn/server, whose JSON is exactly what
 * @simplewebauthn/browser takes; only the challenge is checked here.
 */
function creationOptions(value: unknown): PublicKeyCredentialCreationOptionsJSON {
  if (!hasChallenge(value)) throw new Error('The sign-in form sent no WebAuthn challenge.');
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- see above
  return value as PublicKeyCredentialCreationOptionsJSON;
}

/** As creationOptions, for signing in with a key. */
function requestOptions(value: unknown): PublicKeyCredentialRequestOptionsJSON {
  if (!hasChallenge(value)) throw new Error('The sign-in form sent no WebAuthn challenge.');
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- see above
  return value as PublicKeyCredentialRequestOptionsJSON;
}
