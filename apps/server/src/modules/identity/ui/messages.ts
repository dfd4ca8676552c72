import type { UiText } from './ui.types.ts';

/**
 * The texts of the identity service, under the ids Ory Kratos gives them, so that a client
 * written for Kratos (and its translations keyed by id) reads them unchanged.
 */
/** Registration and social sign-in of someone not invited both answer this. */
export const invitationOnlyText =
  'Registration is by invitation only. Ask an administrator of this Vigil to invite you.';

export const text = {
  signIn: (): UiText => info(1010001, 'Sign in'),
  signInWith: (provider: string): UiText => info(1010002, `Sign in with ${provider}`, { provider }),
  confirmItIsYou: (): UiText =>
    info(1010003, 'Please confirm this action by verifying that it is you.'),
  secondFactor: (): UiText => info(1010004, 'Please complete the second authentication challenge.'),
  useAuthenticator: (): UiText => info(1010009, 'Use Authenticator'),
  useSecurityKey: (): UiText => info(1010008, 'Sign in with hardware key'),
  useBackupCode: (): UiText => info(1010010, 'Use backup recovery code'),
  signUp: (): UiText => info(1040001, 'Sign up'),
  signUpWith: (provider: string): UiText => info(1040002, `Sign up with ${provider}`, { provider }),
  saved: (): UiText => success(1050001, 'Your changes have been saved!'),
  link: (provider: string): UiText => info(1050002, `Link ${provider}`, { provider }),
  unlink: (provider: string): UiText => info(1050003, `Unlink ${provider}`, { provider }),
  unlinkTotp: (): UiText => info(1050004, 'Unlink TOTP Authenticator App'),
  totpQrCode: (): UiText => info(1050005, 'Authenticator app QR code'),
  totpSecret: (secret: string): UiText => info(1050006, secret, { secret }),
  revealCodes: (): UiText => info(1050007, 'Reveal backup recovery codes'),
  regenerateCodes: (): UiText => info(1050008, 'Generate new backup recovery codes'),
  lookupSecret: (secret: string): UiText => info(1050009, secret, { secret }),
  confirmCodes: (): UiText => info(1050010, 'Confirm backup recovery codes'),
  disableCodes: (): UiText => info(1050016, 'Disable this method'),
  totpSecretLabel: (): UiText =>
    info(1050017, 'This is your authenticator app secret. Use it if you can not scan the QR code.'),
  addSecurityKey: (): UiText => info(1050012, 'Add security key'),
  securityKeyName: (): UiText => info(1050013, 'Name of the security key'),
  usedSecret: (usedAt: string): UiText => info(1050014, 'Used', { used_at: usedAt }),
  secretList: (secrets: UiText[]): UiText =>
    info(1050015, secrets.map((s) => s.text).join(', '), { secrets }),
  removeSecurityKey: (name: string): UiText =>
    info(1050018, `Remove security key "${name}"`, { display_name: name }),
  recoveredAccount: (): UiText =>
    success(
      1060001,
      'You successfully recovered your account. Please change your password or set up an alternative login method (e.g. social sign in) within the next 15.00 minutes.',
    ),
  recoveryEmailSent: (): UiText =>
    info(
      1060002,
      'An email containing a recovery link has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  password: (): UiText => info(1070001, 'Password'),
  trait: (title: string): UiText => info(1070002, title, { title }),
  save: (): UiText => info(1070003, 'Save'),
  identifier: (): UiText => info(1070004, 'E-Mail'),
  submit: (): UiText => info(1070005, 'Submit'),
  verifyCode: (): UiText => info(1070006, 'Verify code'),
  email: (): UiText => info(1070007, 'Email'),
  continue: (): UiText => info(1070009, 'Continue'),
  authenticationCode: (): UiText => info(1070011, 'Authentication code'),
  backupCode: (): UiText => info(1070012, 'Backup recovery code'),
  verificationEmailSent: (): UiText =>
    info(
      1080001,
      'An email containing a verification link has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  verified: (): UiText => success(1080002, 'You successfully verified your email address.'),
};

/** Validation and failure messages (type error). */
export const problem = {
  generic: (reason: string): UiText => error(4000001, reason, { reason }),
  required: (property: string): UiText =>
    error(4000002, `Property ${property} is missing.`, { property }),
  tooShort: (min: number, actual: number): UiText =>
    error(4000003, `length must be >= ${min}, but got ${actual}`, {
      min_length: min,
      actual_length: actual,
    }),
  badEmail: (value: string): UiText => error(4000004, `"${value}" is not valid "email"`, { value }),
  weakPassword: (reason: string): UiText =>
    error(4000005, `The password can not be used because ${reason}.`, { reason }),
  invalidCredentials: (): UiText =>
    error(
      4000006,
      'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
    ),
  duplicate: (): UiText =>
    error(
      4000007,
      'An account with the same identifier (email, phone, username, ...) exists already.',
    ),
  badTotpCode: (): UiText =>
    error(4000008, 'The provided authentication code is invalid, please try again.'),
  inactive: (): UiText =>
    error(4000010, 'Account not active yet. Did you forget to verify your email address?'),
  usedBackupCode: (): UiText => error(4000012, 'This backup recovery code has already been used.'),
  badBackupCode: (): UiText => error(4000016, 'The backup recovery code is not valid.'),
  tooManyAttempts: (minutes: number): UiText => rateLimited('failed sign-in attempts', minutes),
  tooManyRequests: (flow: 'recovery' | 'verification', minutes: number): UiText =>
    rateLimited(`${flow} requests`, minutes),
  badRecoveryToken: (): UiText =>
    error(
      4060004,
      'The recovery token is invalid or has already been used. Please retry the flow.',
    ),
  badVerificationToken: (): UiText =>
    error(
      4070001,
      'The verification token is invalid or has already been used. Please retry the flow.',
    ),
};

function rateLimited(what: string, minutes: number): UiText {
  const wait = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return error(4000001, `Too many ${what}. Try again in ${wait}.`, {
    reason: 'rate_limited',
    minutes,
  });
}
function info(id: number, value: string, context?: Record<string, unknown>): UiText {
  return { id, text: value, type: 'info', ...(context ? { context } : {}) };
}
function success(id: number, value: string): UiText {
  return { id, text: value, type: 'success' };
}
function error(id: number, value: string, context?: Record<string, unknown>): UiText {
  return { id, text: value, type: 'error', ...(context ? { context } : {}) };
}
