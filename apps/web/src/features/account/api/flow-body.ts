import type {
  UpdateLoginFlowBody,
  UpdateRecoveryFlowBody,
  UpdateRegistrationFlowBody,
  UpdateSettingsFlowBody,
  UpdateVerificationFlowBody,
} from '@ory/client';

/** The form's name/value map as posted: csrf_token, method and the method's fields. */
export type FlowBody = Record<string, string | boolean>;

type MethodGuard<T> = (body: FlowBody) => body is FlowBody & T;

/** The server validates the fields; on the client the method names which body it is. */
function methodIn<T extends { method: string }>(
  methods: ReadonlyArray<T['method']>,
): MethodGuard<T> {
  return (body): body is FlowBody & T =>
    typeof body.method === 'string' && methods.some((method) => method === body.method);
}

export const isLoginBody = methodIn<UpdateLoginFlowBody>([
  'code',
  'identifier_first',
  'lookup_secret',
  'oidc',
  'passkey',
  'password',
  'saml',
  'totp',
  'webauthn',
]);

export const isRegistrationBody = methodIn<UpdateRegistrationFlowBody>([
  'code',
  'oidc',
  'passkey',
  'password',
  'profile',
  'saml',
  'webauthn',
]);

export const isSettingsBody = methodIn<UpdateSettingsFlowBody>([
  'lookup_secret',
  'oidc',
  'passkey',
  'password',
  'profile',
  'saml',
  'totp',
  'webauthn',
]);

export const isRecoveryBody = methodIn<UpdateRecoveryFlowBody>(['code', 'link']);

export const isVerificationBody = methodIn<UpdateVerificationFlowBody>(['code', 'link']);

export function missingMethod(): Error {
  return new Error('The form did not say which method to use.');
}
