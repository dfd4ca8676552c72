import * as RadixDialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { runCheckResultSchema, type SearchHit } from '@vigil/domain';
import { Command } from 'cmdk';
import { CornerDownLeft, FileText, Play, Plus, Search, SunMoon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/http.ts';
import { useSession } from '@/lib/session/session-queries.ts';
import { isViewerOnly, usePermission } from '@/lib/session/use-permission.ts';
import { cx } from '@/ui/class-names.ts';
import { Spinner } from '@/ui/spinner.tsx';
import { setThemePreference, useResolvedTheme } from '@/ui/theme.ts';
import { useVisibleNavItems } from '../visible-nav.ts';
import { kindIcons, kindLabels, matchingPages, palettePages } from './palette-commands.ts';
import { usePaletteSearch } from './palette-search.ts';

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const itemClassName =
  'group flex cursor-pointer items-center gap-3 rounded px-3 py-2 text-sm text-fg data-[selected=true]:bg-surface-muted';
/** Muted text turns full strength on the selected row, whose background would weaken it. */
const mutedClassName = 'text-fg-muted group-data-[selected=true]:text-fg';
const groupClassName =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-fg-muted';

function Row({ icon, title, detail }: { icon: ReactNode; title: string; detail?: ReactNode }) {
  return (
    <>
      <span className={cx('shrink-0', mutedClassName)}>{icon}</span>
      <span className="min-w-0 flex-1 truncate">{title}</span>
      {detail !== undefined && (
        <span className={cx('max-w-[50%] shrink-0 truncate text-xs', mutedClassName)}>
          {detail}
        </span>
      )}
    </>
  );
}

function hitDetail(hit: SearchHit): string {
  return hit.subtitle ? `${kindLabels[hit.kind]} · ${hit.subtitle}` : kindLabels[hit.kind];
}

function matches(label: string, text: string): boolean {
  const name = label.toLowerCase();
  return text
    .toLowerCase()
    .split(/\s+/)
    .every((word) => name.includes(word));
}

/** Ctrl/⌘-K: jump to any page or to what the server finds, or run a common action. */
export function CommandPalette({ open, onOpenChange }: CommandPaletteProps) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession().data;
  const theme = useResolvedTheme();
  const canAddCanary = usePermission(['canaries'], 'write');
  const canRunChecks = session !== undefined && !isViewerOnly(session.roles);
  const pages = matchingPages(palettePages(useVisibleNavItems()), text);
  const search = usePaletteSearch(text);
  const typed = text.trim() !== '';
  const hits = typed ? (search.data ?? []) : [];

  const close = (): void => {
    onOpenChange(false);
    setText('');
  };
  const go = (to: string): void => {
    close();
    void navigate(to);
  };
  const runCheck = (hit: SearchHit): void => {
    close();
    apiRequest('canary', `/run/check/${encodeURIComponent(hit.id)}`, runCheckResultSchema, {
      method: 'POST',
    }).then(
      () => {
        toast.success('You have successfully initiated the check run.');
        void queryClient.invalidateQueries();
      },
      (error: unknown) => toast.error(error instanceof Error ? error.message : String(error)),
    );
  };
  const themeLabel = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  const actions = [
    ...(canAddCanary
      ? [
          {
            label: 'New canary',
            icon: <Plus className="size-4" />,
            run: () => go('/settings/canaries/new'),
          },
        ]
      : []),
    {
      label: themeLabel,
      icon: <SunMoon className="size-4" />,
      run: () => {
        setThemePreference(theme === 'dark' ? 'light' : 'dark', session?.user.id);
        close();
      },
    },
  ].filter((action) => !typed || matches(action.label, text));
  const checkHits = canRunChecks ? hits.filter((hit) => hit.kind === 'check').slice(0, 3) : [];
  const nothing = hits.length === 0 && pages.length === 0 && actions.length === 0;
  const values = [
    ...hits.map((hit) => `hit:${hit.kind}:${hit.id}`),
    ...pages.map((page) => `page:${page.to}`),
    ...checkHits.map((hit) => `run:${hit.id}`),
    ...actions.map((action) => `action:${action.label}`),
  ];
  // The first row is selected whenever the rows change (server results arrive after typing);
  // an arrow key or the pointer picks another until they change again.
  const [choice, setChoice] = useState<{ rows: string; value: string } | null>(null);
  const rows = values.join('\n');
  const selected =
    choice?.rows === rows && values.includes(choice.value) ? choice.value : (values[0] ?? '');

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed top-[12vh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-lg border border-border bg-surface shadow-xl"
        >
          <RadixDialog.Title className="sr-only">Command palette</RadixDialog.Title>
          <Command
            shouldFilter={false}
            loop
            label="Command palette"
            value={selected}
            onValueChange={(value) => setChoice({ rows, value })}
          >
            <div className="flex items-center gap-2 border-b border-border px-3">
              <Search aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
              <Command.Input
                value={text}
                onValueChange={setText}
                placeholder="Search checks, canaries, agents, people… or type a page"
                className="h-11 min-w-0 flex-1 bg-transparent text-sm text-fg outline-none placeholder:text-fg-muted"
              />
              {typed && search.isFetching && <Spinner label="Searching" />}
            </div>
            <Command.List className="max-h-[60vh] overflow-auto p-1">
              {nothing && (
                <Command.Empty className="px-3 py-8 text-center text-sm text-fg-muted">
                  {search.isFetching ? 'Searching…' : `Nothing matches “${text.trim()}”.`}
                </Command.Empty>
              )}
              {hits.length > 0 && (
                <Command.Group heading="Results" className={groupClassName}>
                  {hits.map((hit) => {
                    const Icon = kindIcons[hit.kind];
                    return (
                      <Command.Item
                        key={`${hit.kind}:${hit.id}`}
                        value={`hit:${hit.kind}:${hit.id}`}
                        onSelect={() => go(hit.href)}
                        className={itemClassName}
                      >
                        <Row
                          icon={<Icon aria-hidden="true" className="size-4" />}
                          title={hit.title}
                          detail={hitDetail(hit)}
                        />
                      </Command.Item>
                    );
                  })}
                </Command.Group>
              )}
              {pages.length > 0 && (
                <Command.Group heading="Pages" className={groupClassName}>
                  {pages.map((page) => (
                    <Command.Item
                      key={page.to}
                      value={`page:${page.to}`}
                      onSelect={() => go(page.to)}
                      className={itemClassName}
                    >
                      <Row
                        icon={<FileText aria-hidden="true" className="size-4" />}
                        title={page.label}
                        detail={page.section ?? undefined}
                      />
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
              {(actions.length > 0 || checkHits.length > 0) && (
                <Command.Group heading="Actions" className={groupClassName}>
                  {checkHits.map((hit) => (
                    <Command.Item
                      key={`run:${hit.id}`}
                      value={`run:${hit.id}`}
                      onSelect={() => runCheck(hit)}
                      className={itemClassName}
                    >
                      <Row
                        icon={<Play aria-hidden="true" className="size-4" />}
                        title={`Run ${hit.title} now`}
                      />
                    </Command.Item>
                  ))}
                  {actions.map((action) => (
                    <Command.Item
                      key={action.label}
                      value={`action:${action.label}`}
                      onSelect={action.run}
                      className={itemClassName}
                    >
                      <Row icon={action.icon} title={action.label} />
                    </Command.Item>
                  ))}
                </Command.Group>
              )}
            </Command.List>
            <div className="flex items-center gap-3 border-t border-border px-3 py-2 text-xs text-fg-muted">
              <span className="inline-flex items-center gap-1">
                <CornerDownLeft aria-hidden="true" className="size-3" /> to open
              </span>
              <span>↑ ↓ to move</span>
              <span>Esc to close</span>
            </div>
          </Command>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
