import type { SessionRecord } from '../sessions/session.repository.ts';

/** What a self-service handler knows about the browser that called it. */
export interface Browser {
  /** The CSRF cookie's value; the route mints one when the browser has none. */
  readonly csrfCookie: string;
  readonly session: SessionRecord | undefined;
  /** The client's address, for sign-in rate limits. */
  readonly address: string;
  /** Scheme and host the browser used, e.g. http://localhost:8080. */
  readonly origin: string;
  readonly requestUrl: string;
}

/** Where each flow's page lives in the web app. */
export const flowPages = {
  login: '/login',
  registration: '/registration',
  settings: '/profile-settings',
  recovery: '/recovery',
  verification: '/verification',
} as const;

/**
 * return_to may only point back into this console: a relative path, or an absolute URL on the
 * browser's own origin. Anything else would make the sign-in page an open redirect.
 */
export function isAllowedReturnTo(value: string, origin: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return true;
  try {
    return new URL(value).origin === origin;
  } catch {
    return false;
  }
}
