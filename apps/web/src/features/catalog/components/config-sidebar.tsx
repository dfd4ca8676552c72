import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import type { ConfigDetail } from '../api/catalog-schemas.ts';
import { SidebarSections } from '@/ui/collapsible-sections.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-0.5">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function KeyValues({ entries, empty }: { entries: Array<[string, string]>; empty: string }) {
  if (entries.length === 0) return <p className="text-fg-muted">{empty}</p>;
  return (
    <dl>
      {entries.map(([key, value]) => (
        <Row key={key} label={key}>
          {value}
        </Row>
      ))}
    </dl>
  );
}

/** Properties, tags and labels, times, last scrape and the creating scraper (spec 001 §2). */
export function ConfigSidebar({ config }: { config: ConfigDetail }) {
  const properties = (config.properties ?? []).map((p): [string, string] => [
    p.name ?? '',
    p.text ?? valueText(p.value),
  ]);
  const sections = [
    {
      key: 'properties',
      title: 'Properties',
      content: (
        <dl>
          <Row label="Name">{config.name}</Row>
          {config.namespace && <Row label="Namespace">{config.namespace}</Row>}
          <Row label="Type">{config.type}</Row>
          {config.status && <Row label="Status">{config.status}</Row>}
          <Row label="Health">{config.health ?? 'unknown'}</Row>
          {config.description && <Row label="Description">{config.description}</Row>}
          {properties.map(([name, value]) => (
            <Row key={name} label={name}>
              {value}
            </Row>
          ))}
        </dl>
      ),
    },
    {
      key: 'tags',
      title: 'Tags and Labels',
      content: (
        <div className="space-y-2">
          <KeyValues entries={Object.entries(config.tags)} empty="No tags" />
          <KeyValues entries={Object.entries(config.labels)} empty="No labels" />
        </div>
      ),
    },
    {
      key: 'times',
      title: 'Times',
      content: (
        <dl>
          <Row label="Created">
            <RelativeTime value={config.created_at} />
          </Row>
          <Row label="Updated">
            <RelativeTime value={config.updated_at} />
          </Row>
          {config.deleted_at && (
            <Row label="Deleted">
              <RelativeTime value={config.deleted_at} />
            </Row>
          )}
        </dl>
      ),
    },
    {
      key: 'scraped',
      title: 'Last Scraped',
      content: config.last_scraped_time ? (
        <RelativeTime value={config.last_scraped_time} />
      ) : (
        <p className="text-fg-muted">Never scraped</p>
      ),
    },
    {
      key: 'scraper',
      title: 'Created By',
      content: config.scraper ? (
        <Link
          to={`/catalog/scrapers/${config.scraper.id}`}
          className={cx('rounded text-accent underline', focusRing)}
        >
          {config.scraper.name}
        </Link>
      ) : (
        <p className="text-fg-muted">Not created by a scraper</p>
      ),
    },
  ];
  return <SidebarSections sections={sections} />;
}
