import { generateSecret, generateURI, verify } from 'otplib';
import { lazyModule } from '../../../platform/lazy-module.ts';
import type { Sealer } from '../../../platform/crypto.ts';
import type { Credentials } from '../accounts/credentials.ts';
import { text } from '../ui/messages.ts';
import { image, input, submit, textNode } from '../ui/nodes.ts';
import type { UiNode } from '../ui/ui.types.ts';

const issuer = 'Vigil';

/** Only enrolment draws a QR code: loaded then, not at start-up. */
const qrcode = lazyModule(() => import('qrcode'));

export function loginTotpNodes(): UiNode[] {
  return [
    input('totp', 'totp_code', 'text', {
      required: true,
      autocomplete: 'one-time-code',
      label: text.authenticationCode(),
    }),
    submit('totp', 'method', 'totp', text.useAuthenticator()),
  ];
}

/** A new secret to enrol: the QR code, the secret as text, and the code field. */
export async function enrolTotpNodes(secret: string, account: string): Promise<UiNode[]> {
  const uri = generateURI({ issuer, label: account, secret });
  const qr = await (await qrcode()).default.toDataURL(uri, { width: 256, margin: 1 });
  return [
    image('totp', 'totp_qr', qr, text.totpQrCode()),
    textNode('totp', 'totp_secret_key', text.totpSecret(secret), text.totpSecretLabel()),
    input('totp', 'totp_code', 'text', {
      required: true,
      autocomplete: 'one-time-code',
      label: text.verifyCode(),
    }),
    submit('totp', 'method', 'totp', text.save()),
  ];
}

export function unlinkTotpNodes(): UiNode[] {
  return [input('totp', 'totp_unlink', 'submit', { value: 'true', label: text.unlinkTotp() })];
}

export function newTotpSecret(): string {
  return generateSecret();
}

export async function totpCodeMatches(secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code.trim())) return false;
  const result = await verify({ secret, token: code.trim(), epochTolerance: 30 });
  return result.valid;
}

export function enrolledTotpSecret(credentials: Credentials, sealer: Sealer): string | undefined {
  return credentials.totp ? sealer.open(credentials.totp.sealed_secret) : undefined;
}
