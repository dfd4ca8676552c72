import { Plus } from 'lucide-react';
import { useState } from 'react';
import { usePageTitle } from '@/lib/page-title.ts';
import type { Property } from '@/lib/session/session-schemas.ts';
import { usePropertiesQuery } from '@/lib/session/session-queries.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import { QueryList } from '@/ui/query-list.tsx';
import { FeatureFlagDialog } from '../components/feature-flag-dialog.tsx';
import { FeatureFlagTable } from '../components/feature-flag-table.tsx';

/** `undefined` is a closed dialog; `null` is the create form. */
type OpenDialog = Property | null | undefined;

export function FeatureFlagsPage() {
  usePageTitle('Feature Flags');
  const properties = usePropertiesQuery();
  const canWrite = usePermission(['properties'], 'write');
  const [dialog, setDialog] = useState<OpenDialog>(undefined);

  return (
    <section aria-labelledby="feature-flags-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 id="feature-flags-heading" className="text-lg font-semibold">
          Feature Flags
        </h1>
        {canWrite && (
          <Button variant="primary" onClick={() => setDialog(null)}>
            <Plus aria-hidden="true" className="size-4" />
            Add Feature Flag
          </Button>
        )}
      </div>
      <QueryList
        query={properties}
        loadingLabel="Loading feature flags"
        errorTitle="Could not load the feature flags"
        empty={{
          title: 'No resources found',
          description: 'A flag such as incidents.disable = true switches an area off for everyone.',
        }}
      >
        {(flags) => <FeatureFlagTable flags={flags} onOpen={setDialog} />}
      </QueryList>
      {dialog !== undefined && (
        <FeatureFlagDialog
          key={dialog?.name ?? 'new'}
          flag={dialog ?? undefined}
          canWrite={canWrite}
          onClose={() => setDialog(undefined)}
        />
      )}
    </section>
  );
}
