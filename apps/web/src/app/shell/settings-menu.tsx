import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import type { NavItem } from './nav-items.ts';
import { SidebarLink } from './sidebar-link.tsx';

export interface SettingsMenuProps {
  item: NavItem;
  collapsed: boolean;
  onExpandSidebar: () => void;
}

export function SettingsMenu({ item, collapsed, onExpandSidebar }: SettingsMenuProps) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => pathname.startsWith(item.to));
  const menuId = useId();
  const Icon = item.icon;
  const expanded = open && !collapsed;

  const toggle = (): void => {
    if (collapsed) {
      onExpandSidebar();
      setOpen(true);
      return;
    }
    setOpen(!open);
  };

  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={menuId}
        aria-label={collapsed ? item.label : undefined}
        title={collapsed ? item.label : undefined}
        onClick={toggle}
        className={cx(
          'flex w-full items-center gap-3 rounded-md px-2.5 py-1.5 text-sm text-fg-muted hover:bg-surface-muted hover:text-fg',
          focusRing,
        )}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {!collapsed && (
          <>
            <span className="flex-1 truncate text-left">{item.label}</span>
            <ChevronDown
              aria-hidden="true"
              className={cx('size-4 transition-transform', expanded && 'rotate-180')}
            />
          </>
        )}
      </button>
      <ul id={menuId} hidden={!expanded} className="mt-0.5 space-y-0.5">
        {item.children?.map((child) => (
          <li key={child.to}>
            <SidebarLink to={child.to} label={child.label} collapsed={false} nested />
          </li>
        ))}
      </ul>
    </li>
  );
}
