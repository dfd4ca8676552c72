import { can, type PermissionObject } from '@vigil/domain';
import { isViewerOnly } from '@/lib/session/use-permission.ts';
import type { FeatureArea } from '@/lib/session/feature-flags.ts';
import type { Edition } from '@/lib/session/session-schemas.ts';
import { useAbout, useSession } from '@/lib/session/session-queries.ts';
import { useFeatureFlags } from '@/lib/session/use-feature-flags.ts';
import { navItems, type NavItem, type NavLinkItem } from './nav-items.ts';

export interface NavVisibility {
  edition: Edition;
  viewerOnly: boolean;
  canRead: (object: PermissionObject) => boolean;
  isDisabled: (area: FeatureArea) => boolean;
}

function isLinkVisible(item: NavLinkItem, visibility: NavVisibility): boolean {
  if (visibility.edition === 'health' && item.inHealthEdition !== true) return false;
  if (item.feature !== undefined && visibility.isDisabled(item.feature)) return false;
  return visibility.canRead(item.resource);
}

/** Spec 000 §2.2: read permission, feature flags and the edition decide the sidebar. */
export function visibleNavItems(
  items: readonly NavItem[],
  visibility: NavVisibility,
): readonly NavItem[] {
  return items.flatMap((item) => {
    if (item.children === undefined) return isLinkVisible(item, visibility) ? [item] : [];
    if (visibility.viewerOnly || !isLinkVisible(item, visibility)) return [];
    const children = item.children.filter((child) => isLinkVisible(child, visibility));
    return children.length === 0 ? [] : [{ ...item, children }];
  });
}

export function useVisibleNavItems(): readonly NavItem[] {
  const roles = useSession().data?.roles;
  const edition = useAbout().data?.edition ?? 'full';
  const { isDisabled } = useFeatureFlags();
  return visibleNavItems(navItems, {
    edition,
    viewerOnly: roles === undefined || isViewerOnly(roles),
    canRead: (object) => roles !== undefined && can(roles, [object], 'read'),
    isDisabled,
  });
}
