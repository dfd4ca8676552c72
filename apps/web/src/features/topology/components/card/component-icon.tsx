import { createElement } from 'react';
import { componentIcon } from '@/features/topology/model/component-icon.ts';

/** A card's icon: one of lucide's, picked by the component's icon name or type. */
export function ComponentIcon({
  icon,
  type,
  className,
}: {
  icon: string | null | undefined;
  type: string | null | undefined;
  className?: string;
}) {
  // The icon is a module-level component picked from a fixed table, never made here.
  return createElement(componentIcon(icon, type), { 'aria-hidden': true, className });
}
