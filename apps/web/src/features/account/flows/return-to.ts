/**
 * A same-origin path, or undefined when the address leaves the site. The identity service takes
 * relative return_to values, which also survive a dev proxy that rewrites the Host header.
 */
export function sameOriginPath(address: string | null | undefined): string | undefined {
  if (address === null || address === undefined || address === '') return undefined;
  let url: URL;
  try {
    url = new URL(address, window.location.origin);
  } catch {
    return undefined;
  }
  if (url.origin !== window.location.origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function currentPathAndQuery(): string {
  return `${window.location.pathname}${window.location.search}`;
}
