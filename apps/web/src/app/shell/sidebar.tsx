import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/ui/button.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import { SettingsMenu } from './settings-menu.tsx';
import { useCollapseOnOutsideClick, useSidebarCollapsed } from './sidebar-state.ts';
import { SidebarLink } from './sidebar-link.tsx';
import { useVisibleNavItems } from './visible-nav.ts';

export function Sidebar() {
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const ref = useRef<HTMLElement>(null);
  useCollapseOnOutsideClick(ref, collapsed, setCollapsed);
  const navItems = useVisibleNavItems();

  return (
    <aside
      ref={ref}
      aria-label="Sidebar"
      className={cx(
        'flex h-full shrink-0 flex-col border-r border-border bg-surface transition-[width]',
        collapsed ? 'w-14' : 'w-60',
      )}
    >
      <div className="flex h-12 items-center justify-between gap-2 border-b border-border px-2.5">
        {!collapsed && (
          <Link to="/" className={cx('rounded px-1 text-base font-semibold', focusRing)}>
            Vigil
          </Link>
        )}
        <Button
          variant="ghost"
          size="icon"
          label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed(!collapsed)}
        >
          {collapsed ? (
            <PanelLeftOpen aria-hidden="true" className="size-4" />
          ) : (
            <PanelLeftClose aria-hidden="true" className="size-4" />
          )}
        </Button>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
        <ul className="space-y-0.5">
          {navItems.map((item) =>
            item.children === undefined ? (
              <li key={item.to}>
                <SidebarLink
                  to={item.to}
                  label={item.label}
                  icon={item.icon}
                  collapsed={collapsed}
                />
              </li>
            ) : (
              <SettingsMenu
                key={item.to}
                item={item}
                collapsed={collapsed}
                onExpandSidebar={() => setCollapsed(false)}
              />
            ),
          )}
        </ul>
      </nav>
    </aside>
  );
}
