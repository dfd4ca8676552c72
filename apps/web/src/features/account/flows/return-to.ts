/** A same-origin path for client navigation, or undefined when the address leaves the site. */
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

/** The identity service checks return_to against its allow list, which holds absolute URLs. */
export function absoluteReturnTo(address: string | null | undefined): string | undefined {
  const path = sameOriginPath(address);
  return path === undefined ? undefined : new URL(path, window.location.origin).href;
}

export function currentPathAndQuery(): string {
  return `${window.location.pathname}${window.location.search}`;
}
