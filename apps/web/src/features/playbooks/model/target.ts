import type { PlaybookSpecView } from '@vigil/domain';
import type { PlaybookTarget } from '../api/playbook-keys.ts';

export type TargetKind = PlaybookTarget['kind'];

/** The resource picker's label by the spec's selectors (spec 000 §2.5). */
export const targetLabels: Record<TargetKind, string> = {
  config: 'Catalog Item',
  component: 'Component',
  check: 'Check',
};

/** The search request's key of each kind. */
export const targetSelectorKeys = {
  config: 'configs',
  component: 'components',
  check: 'checks',
} as const satisfies Record<TargetKind, keyof PlaybookSpecView>;

/** The kinds of resource a playbook runs on: those its spec has selectors for. */
export function targetKinds(spec: PlaybookSpecView): TargetKind[] {
  const kinds: TargetKind[] = ['config', 'component', 'check'];
  return kinds.filter((kind) => (spec[targetSelectorKeys[kind]]?.length ?? 0) > 0);
}
