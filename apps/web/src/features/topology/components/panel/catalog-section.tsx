import { Unlink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import { ConfirmDialog } from '@/ui/confirm-dialog.tsx';
import { useUnlinkConfig } from '@/features/topology/api/config-link-mutations.ts';
import { useComponentConfigs } from '@/features/topology/api/panel-queries.ts';
import { StatusDot } from '../status-dot.tsx';
import { PanelList } from './panel-list.tsx';

/** Linked catalog items; manual links can be removed (spec 001 §6). */
export function CatalogSection({ componentId }: { componentId: string }) {
  const query = useComponentConfigs(componentId);
  const unlink = useUnlinkConfig();
  const canUnlink = usePermission(['database'], 'write');
  const [confirming, setConfirming] = useState<{ id: string; name: string } | undefined>();
  return (
    <>
      <PanelList
        query={query}
        label="Linked catalog items"
        empty="No catalog items are linked to this component."
        rowKey={(row) => `${row.config_id}-${row.selector_id}`}
        render={(row) => {
          const name = row.config?.name ?? row.config_id;
          return (
            <>
              <StatusDot status={row.config?.health} />
              <Link
                to={`/catalog/${row.config_id}`}
                className={cx('min-w-0 flex-1 truncate rounded hover:underline', focusRing)}
              >
                {name}
              </Link>
              {/* A long type must not squeeze the name out of the row. */}
              <span
                className="max-w-[40%] shrink-0 truncate text-xs text-fg-muted"
                title={row.config?.type ?? undefined}
              >
                {row.config?.type}
              </span>
              {canUnlink && row.selector_id === 'manual' && (
                <Button
                  variant="ghost"
                  size="icon"
                  label={`Unlink ${name}`}
                  disabled={unlink.isPending}
                  onClick={() => setConfirming({ id: row.config_id, name })}
                  className="size-7"
                >
                  <Unlink aria-hidden="true" className="size-3.5" />
                </Button>
              )}
            </>
          );
        }}
      />
      {confirming !== undefined && (
        <ConfirmDialog
          title="Unlink catalog item"
          message={`Remove the link between ${confirming.name} and this component?`}
          confirmLabel="Unlink"
          pendingLabel="Unlinking..."
          pending={unlink.isPending}
          onClose={() => setConfirming(undefined)}
          onConfirm={() => unlink.mutateAsync({ componentId, configId: confirming.id })}
        />
      )}
    </>
  );
}
