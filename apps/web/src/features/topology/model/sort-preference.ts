import { defaultSortBy, defaultSortOrder, type SortField } from './topology-sort.ts';

/** Spec 001 §2: the sort is kept in this browser under these keys. */
export const sortStandardKey = 'topologyCardsSortByStandard';
export const sortCustomKey = 'topologyCardsSortByCustom';
export const sortOrderKey = 'topologyCardsSortOrder';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the URL still carries the sort.
  }
}

/** A stored custom field counts only while some card still has that headline property. */
export function storedSort(fields: readonly SortField[]): {
  sortBy: string;
  sortOrder: 'asc' | 'desc';
} {
  const custom = read(sortCustomKey);
  const sortBy =
    custom !== null && fields.some((f) => f.value === custom)
      ? custom
      : (read(sortStandardKey) ?? defaultSortBy);
  return { sortBy, sortOrder: read(sortOrderKey) === 'asc' ? 'asc' : defaultSortOrder };
}

export function storeSort(field: SortField, sortOrder: 'asc' | 'desc'): void {
  if (field.standard) {
    write(sortStandardKey, field.value);
    write(sortCustomKey, null);
  } else {
    write(sortCustomKey, field.value);
  }
  write(sortOrderKey, sortOrder);
}
