import type { PlaybookRunRow } from '@vigil/domain';
import { Link } from 'react-router';

/** The config, component or check a run acted on, linked to its page. */
export function RunResource({ run }: { run: PlaybookRunRow }) {
  const link = run.config_id
    ? { to: `/catalog/${run.config_id}`, name: run.config?.name, kind: 'Catalog Item' }
    : run.component_id
      ? { to: `/topology/${run.component_id}`, name: run.component?.name, kind: 'Component' }
      : run.check_id
        ? { to: `/health?checkId=${run.check_id}`, name: run.check?.name, kind: 'Check' }
        : undefined;
  if (link === undefined) return <span className="text-fg-muted">–</span>;
  return (
    <Link to={link.to} className="text-accent hover:underline" title={link.kind}>
      {link.name ?? link.kind}
    </Link>
  );
}
