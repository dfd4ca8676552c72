import { isManagedElsewhere } from '@/lib/managed-source.ts';

/**
 * Where a check's canary is defined. Canaries written in the console (source UI or none) are
 * edited under settings; others are managed where they come from, which we link when we can.
 */
export type CanarySource =
  | { kind: 'console' }
  | { kind: 'internal'; label: string; to: string }
  | { kind: 'external'; label: string; href: string }
  | { kind: 'text'; label: string };

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const componentSource = new RegExp(`^components?/(${uuid})$`, 'i');
const configSource = new RegExp(`^configs?/(${uuid})$`, 'i');

export function canarySource(source: string | null | undefined): CanarySource {
  if (!isManagedElsewhere(source)) return { kind: 'console' };
  const text = (source ?? '').trim();
  const component = componentSource.exec(text)?.[1];
  if (component)
    return { kind: 'internal', label: 'Source component', to: `/topology/${component}` };
  const config = configSource.exec(text)?.[1];
  if (config) return { kind: 'internal', label: 'Source config', to: `/catalog/${config}` };
  if (/^https?:\/\//i.test(text)) return { kind: 'external', label: 'Source', href: text };
  return { kind: 'text', label: `Managed by ${text}` };
}
