import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Secrets at rest (TOTP seeds, recovery codes, connection passwords) are sealed with
 * AES-256-GCM under a key derived from VIGIL_SECRET_KEY. The output is `v1.<iv>.<tag>.<data>`.
 */
export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A keyed MAC: for tokens that must be recomputable but not forgeable (CSRF, logout). */
  mac(value: string): string;
}

export function createSealer(secretKey: string): Sealer {
  const key = createHash('sha256').update(`vigil:seal:${secretKey}`).digest();
  const macKey = createHash('sha256').update(`vigil:mac:${secretKey}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
      return `v1.${parts.join('.')}`;
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined)
        throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    mac: (value) => createHmac('sha256', macKey).update(value).digest('base64url'),
  };
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compares two strings in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
