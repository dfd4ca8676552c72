import type { ReactNode } from 'react';
import { cx, focusRing } from '@/ui/class-names.ts';

export interface SettingsSection {
  group: string;
  title: string;
  description?: ReactNode;
}

function StoreLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className={cx('rounded text-accent underline underline-offset-2', focusRing)}
    >
      {children}
    </a>
  );
}

function StoreLinks({ appStore, googlePlay }: { appStore: string; googlePlay: string }) {
  return (
    <>
      <StoreLink href={appStore}>App Store</StoreLink>,{' '}
      <StoreLink href={googlePlay}>Google Play</StoreLink>
    </>
  );
}

const authenticatorApps = (
  <>
    Use an authenticator app such as Google Authenticator (
    <StoreLinks
      appStore="https://apps.apple.com/app/google-authenticator/id388497605"
      googlePlay="https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2"
    />
    ) or Microsoft Authenticator (
    <StoreLinks
      appStore="https://apps.apple.com/app/microsoft-authenticator/id983156458"
      googlePlay="https://play.google.com/store/apps/details?id=com.azure.authenticator"
    />
    ) to scan the QR code, then enter the code it shows.
  </>
);

/** The sections of /profile-settings, in order; each shows only when the flow has its group. */
export const settingsSections: readonly SettingsSection[] = [
  { group: 'profile', title: 'Profile Settings' },
  { group: 'password', title: 'Change Password' },
  { group: 'oidc', title: 'Manage Social Sign In' },
  {
    group: 'lookup_secret',
    title: 'Manage 2FA Backup Recovery Codes',
    description:
      'Recovery codes are for panic situations: if you lose your 2FA device, sign in with one of ' +
      'them instead. Keep them somewhere safe; each code works once.',
  },
  {
    group: 'totp',
    title: 'Manage 2FA TOTP Authenticator App',
    description: authenticatorApps,
  },
  {
    group: 'webauthn',
    title: 'Manage Hardware Tokens and Biometrics',
    description:
      'Sign in with a hardware key such as a YubiKey, or with face or touch recognition on ' +
      'your device.',
  },
];
