import type { ComponentSpec } from './topology-spec.ts';
import { componentFieldNames } from './topology-spec.ts';

/**
 * Fields of the spec's own components that are no component field (e.g. the removed
 * `canarySelector`): accepted as the upstream decoding does, but named in job history so
 * that nothing a spec says is dropped silently.
 */
export function ignoredComponentFields(
  list: readonly ComponentSpec[] | undefined,
  at = 'spec.components',
): string[] {
  return (list ?? []).flatMap((component, index) => {
    const here = `${at}[${index}]`;
    return [
      ...Object.keys(component)
        .filter((key) => !componentFieldNames.has(key))
        .map((key) => `${here}.${key} is not a field of a component and was ignored`),
      ...ignoredComponentFields(component.components, `${here}.components`),
      ...ignoredComponentFields(component.forEach?.components, `${here}.forEach.components`),
    ];
  });
}
