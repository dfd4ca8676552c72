import { useEffect } from 'react';

export const brandName = 'Vigil';

export function formatPageTitle(page: string): string {
  return `${page} | ${brandName}`;
}

/** Sets the browser tab title for the page that calls it. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = formatPageTitle(page);
  }, [page]);
}
