import { History, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import { QueryList } from '@/ui/query-list.tsx';
import { useNotificationsQuery, type NotificationRow } from '../api/notifications-query.ts';
import { NotificationDialog } from '../components/notification-dialog.tsx';
import { NotificationsTable } from '../components/notifications-table.tsx';

export function NotificationsPage() {
  usePageTitle('Notifications');
  const notifications = useNotificationsQuery();
  const canWrite = usePermission(['notifications'], 'write');
  // The open notification is in the URL (?id=), so search results and shared links open it.
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const opened = notifications.data?.find((row) => row.id === params.get('id'));
  const open = (row: NotificationRow): void =>
    setParams((current) => {
      current.set('id', row.id);
      return current;
    });
  const close = (): void => {
    setCreating(false);
    setParams((current) => {
      current.delete('id');
      return current;
    });
  };
  return (
    <section aria-labelledby="notifications-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 id="notifications-heading" className="text-lg font-semibold">
          Notifications
        </h1>
        <div className="flex items-center gap-3">
          <Link
            to="/settings/jobs"
            className={cx('flex items-center gap-1 rounded text-sm text-accent', focusRing)}
          >
            <History aria-hidden="true" className="size-4" />
            Job History
          </Link>
          {canWrite && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Add Notification
            </Button>
          )}
        </div>
      </div>
      <QueryList
        query={notifications}
        loadingLabel="Loading notifications"
        errorTitle="Could not load the notifications"
        empty={{
          title: 'No resources found',
          description:
            'A notification sends a message to a person, a team or a channel when a check fails or recovers.',
        }}
      >
        {(rows) => <NotificationsTable rows={rows} onOpen={open} />}
      </QueryList>
      {(creating || opened) && (
        <NotificationDialog
          key={creating ? 'new' : opened?.id}
          row={creating ? undefined : opened}
          canWrite={canWrite}
          onClose={close}
        />
      )}
    </section>
  );
}
