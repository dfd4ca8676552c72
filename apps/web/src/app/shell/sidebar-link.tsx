import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';

export interface SidebarLinkProps {
  to: string;
  label: string;
  icon?: LucideIcon;
  collapsed: boolean;
  nested?: boolean;
}

export function SidebarLink({
  to,
  label,
  icon: Icon,
  collapsed,
  nested = false,
}: SidebarLinkProps) {
  return (
    <NavLink
      to={to}
      title={collapsed ? label : undefined}
      aria-label={collapsed ? label : undefined}
      className={({ isActive }) =>
        cx(
          'flex items-center gap-3 rounded-md px-2.5 py-1.5 text-sm transition-colors',
          focusRing,
          nested && 'pl-9',
          isActive
            ? 'bg-surface-muted font-medium text-fg'
            : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
        )
      }
    >
      {Icon !== undefined && <Icon aria-hidden="true" className="size-4 shrink-0" />}
      {!collapsed && <span className="truncate">{label}</span>}
    </NavLink>
  );
}
