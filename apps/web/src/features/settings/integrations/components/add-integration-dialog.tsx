import { Boxes, Database, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useFeatureFlags } from '@/lib/session/use-feature-flags.ts';
import { cx, focusRing } from '@/ui/class-names.ts';
import { Dialog } from '@/ui/dialog.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { TabList, TabPanel } from '@/ui/tabs.tsx';
import { scraperFormTypes } from '../model/scraper-form-registry.ts';
import { GitOpsPanel } from './gitops-panel.tsx';

type Mode = 'direct' | 'gitops';
const modes: ReadonlyArray<{ key: Mode; label: string }> = [
  { key: 'direct', label: 'Add Directly' },
  { key: 'gitops', label: 'Add via GitOps' },
];

const cardClass = cx(
  'flex items-center gap-3 rounded-lg border border-border bg-surface p-3 text-left text-sm hover:bg-surface-muted',
  focusRing,
);

/** Add Integration (spec 002 §4): GitOps files, or a resource added directly. */
export function AddIntegrationDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { isDisabled } = useFeatureFlags();
  const [mode, setMode] = useState<Mode>('direct');
  const [pickingScraper, setPickingScraper] = useState(false);
  const go = (to: string) => {
    onClose();
    void navigate(to);
  };
  return (
    <Dialog open onOpenChange={closeOnDismiss(onClose)} title="Add Integration" size="large">
      <div className="space-y-4">
        <TabList
          label="How to add"
          idPrefix="add-integration"
          items={modes}
          selected={mode}
          onSelect={setMode}
        />
        <TabPanel idPrefix="add-integration" tabKey="direct" selected={mode === 'direct'}>
          {mode === 'direct' && !pickingScraper && (
            <div className="grid gap-3 sm:grid-cols-3">
              <button
                type="button"
                className={cardClass}
                onClick={() => go('/settings/integrations/topologies/new')}
              >
                <Boxes aria-hidden="true" className="size-5 text-fg-muted" />
                Custom Topology
              </button>
              <button type="button" className={cardClass} onClick={() => setPickingScraper(true)}>
                <Database aria-hidden="true" className="size-5 text-fg-muted" />
                Catalog Scraper
              </button>
              {!isDisabled('logs') && (
                <button
                  type="button"
                  className={cardClass}
                  onClick={() => go('/settings/integrations/logging_backends/new')}
                >
                  <ScrollText aria-hidden="true" className="size-5 text-fg-muted" />
                  Log Backends
                </button>
              )}
            </div>
          )}
          {mode === 'direct' && pickingScraper && (
            <div className="space-y-3">
              <p className="text-sm text-fg-muted">Choose the catalog scraper type.</p>
              <ul aria-label="Catalog scraper types" className="grid gap-2 sm:grid-cols-3">
                {scraperFormTypes.map((type) => (
                  <li key={type.specKey}>
                    <button
                      type="button"
                      className={cx(cardClass, 'w-full')}
                      onClick={() => go(`/settings/integrations/scrapers/new?type=${type.specKey}`)}
                    >
                      {type.label}
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className={cx('text-sm text-fg-muted hover:underline', focusRing)}
                onClick={() => setPickingScraper(false)}
              >
                Back
              </button>
            </div>
          )}
        </TabPanel>
        <TabPanel idPrefix="add-integration" tabKey="gitops" selected={mode === 'gitops'}>
          {mode === 'gitops' && <GitOpsPanel />}
        </TabPanel>
      </div>
    </Dialog>
  );
}
