import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { Table, TableCell, TableSkeleton } from '@/ui/table.tsx';
import { useScrapersQuery } from '../api/scrapers-query.ts';
import { CatalogLayout } from '../components/catalog-layout.tsx';

/** /catalog/scrapers: the scrapers that fill the catalog. */
export function CatalogScrapersPage() {
  usePageTitle('Catalog Scrapers');
  const scrapers = useScrapersQuery();
  return (
    <CatalogLayout tab="scrapers">
      {scrapers.isPending ? (
        <TableSkeleton label="Loading scrapers" />
      ) : scrapers.isError ? (
        <ErrorState message={scrapers.error.message} onRetry={() => void scrapers.refetch()} />
      ) : scrapers.data.length === 0 ? (
        <EmptyState title="No scrapers" description="No catalog scraper has been added yet." />
      ) : (
        <Table
          label="Scrapers"
          columns={['Name', 'Namespace', 'Schedule', 'Source', 'Last run', 'Updated']}
        >
          {scrapers.data.map((scraper) => (
            <tr key={scraper.id}>
              <TableCell className="font-medium">
                <Link
                  to={`/catalog/scrapers/${scraper.id}`}
                  className={cx('hover:underline', focusRing)}
                >
                  {scraper.name}
                </Link>
              </TableCell>
              <TableCell>{scraper.namespace}</TableCell>
              <TableCell>{scraper.schedule}</TableCell>
              <TableCell>{scraper.source}</TableCell>
              <TableCell className="text-fg-muted">
                <RelativeTime value={scraper.last_runtime} />
              </TableCell>
              <TableCell className="text-fg-muted">
                <RelativeTime value={scraper.updated_at} />
              </TableCell>
            </tr>
          ))}
        </Table>
      )}
    </CatalogLayout>
  );
}
