/** Sends the browser to the session check, which returns here once the session is valid. */
export function redirectToAuthCheck(): void {
  const { pathname, search } = window.location;
  const returnTo = encodeURIComponent(`${pathname}${search}`);
  window.location.assign(`/auth-state-checker?return_to=${returnTo}`);
}
