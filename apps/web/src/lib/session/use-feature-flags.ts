import { useCallback } from 'react';
import { isAreaDisabled, type FeatureArea } from './feature-flags.ts';
import type { Property } from './session-schemas.ts';
import { usePropertiesQuery } from './session-queries.ts';

const noFlags: readonly Property[] = [];

export interface FeatureFlags {
  flags: readonly Property[];
  isPending: boolean;
  isDisabled: (area: FeatureArea) => boolean;
}

/** Flags that fail to load disable nothing: the server still refuses what a flag would hide. */
export function useFeatureFlags(): FeatureFlags {
  const query = usePropertiesQuery();
  const flags = query.data ?? noFlags;
  const isDisabled = useCallback((area: FeatureArea) => isAreaDisabled(flags, area), [flags]);
  return { flags, isPending: query.isPending, isDisabled };
}
