/** What the identity service needs from the process configuration. */
export interface IdentitySettings {
  /** Seals secrets and keys CSRF and logout tokens. */
  readonly secretKey: string;
  readonly sessionIdleSeconds: number;
  readonly sessionLifetimeSeconds: number;
  /** How recent a sign-in must be to change a password or a second factor. */
  readonly privilegedSeconds: number;
  readonly flowLifetimeSeconds: number;
  /** Cookies get `Secure` when the console is served over https. */
  readonly secureCookies: boolean;
}

export const defaultIdentityTimes = {
  sessionIdleSeconds: 24 * 3600,
  sessionLifetimeSeconds: 7 * 24 * 3600,
  privilegedSeconds: 15 * 60,
  flowLifetimeSeconds: 60 * 60,
};

export function identitySettingsFrom(
  config: {
    VIGIL_SESSION_IDLE: number;
    VIGIL_SESSION_LIFETIME: number;
    VIGIL_PUBLIC_URL?: string | undefined;
  },
  secretKey: string,
): IdentitySettings {
  return {
    ...defaultIdentityTimes,
    secretKey,
    sessionIdleSeconds: config.VIGIL_SESSION_IDLE,
    sessionLifetimeSeconds: config.VIGIL_SESSION_LIFETIME,
    secureCookies: config.VIGIL_PUBLIC_URL?.startsWith('https://') ?? false,
  };
}
