export interface FeatureFlagInput {
  name: string;
  value: string;
  description: string;
}

/** PostgREST filter for one property; names may hold dots, which `eq.` takes as they are. */
export function byName(name: string): Record<string, string> {
  return { name: `eq.${name}` };
}
