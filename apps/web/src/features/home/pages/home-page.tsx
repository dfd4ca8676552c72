import { CheckCircle2, Circle, HeartPulse, Server, UserPlus, type LucideIcon } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { useAbout } from '@/lib/session/session-queries.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { cx, focusRing } from '@/ui/class-names.ts';
import { ErrorState } from '@/ui/error-state.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import { useInstallationCounts } from '../api/installation-query.ts';
import { firstRunSteps, isNewInstallation, type FirstRunStep } from '../model/first-run-steps.ts';

const stepIcons: Record<FirstRunStep['id'], LucideIcon> = {
  canary: HeartPulse,
  agent: Server,
  teammate: UserPlus,
};

const linkButton = cx(
  'inline-flex h-9 items-center rounded-md px-3 text-sm font-medium',
  focusRing,
);

function StepCard({ step, index }: { step: FirstRunStep; index: number }) {
  const canTake = usePermission([step.object], 'write');
  const Icon = stepIcons[step.id];
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-5">
      <div className="flex items-center justify-between gap-2">
        <span className="flex size-9 items-center justify-center rounded-full bg-surface-muted text-fg-muted">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        {step.done ? (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-healthy">
            <CheckCircle2 aria-hidden="true" className="size-4" /> Done
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 text-xs text-fg-muted">
            <Circle aria-hidden="true" className="size-4" /> Step {index + 1}
          </span>
        )}
      </div>
      <h2 className="font-semibold">{step.title}</h2>
      <p className="flex-1 text-sm text-fg-muted">{step.text}</p>
      {canTake ? (
        <Link
          to={step.to}
          className={cx(
            linkButton,
            'self-start',
            step.done
              ? 'border border-border text-fg hover:bg-surface-muted'
              : 'bg-accent text-accent-fg hover:bg-accent-hover',
          )}
        >
          {step.action}
        </Link>
      ) : (
        <p className="text-xs text-fg-muted">An administrator can do this.</p>
      )}
    </li>
  );
}

/** Home: on a new installation, what Vigil is for and the first steps; else the dashboard. */
export function HomePage() {
  usePageTitle('Welcome');
  const counts = useInstallationCounts();
  const about = useAbout();
  if (counts.isPending || about.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading" className="space-y-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (counts.isError) {
    return <ErrorState message={counts.error.message} onRetry={() => void counts.refetch()} />;
  }
  // The dashboard is the topology in the full edition, the health checks in the health one.
  if (!isNewInstallation(counts.data)) {
    return <Navigate to={about.data?.edition === 'health' ? '/health' : '/topology'} replace />;
  }
  const steps = firstRunSteps(counts.data);
  const done = steps.filter((step) => step.done).length;
  return (
    <section aria-labelledby="home-heading" className="mx-auto max-w-5xl space-y-6 py-4">
      <div className="space-y-2">
        <h1 id="home-heading" className="text-lg font-semibold">
          Welcome to Vigil
        </h1>
        <p className="max-w-2xl text-sm text-fg-muted">
          Vigil watches the health of your services with scheduled checks, tells the right people
          when something breaks, and keeps agents, connections and configuration in one console.
          Nothing is set up yet: start with a health check.
        </p>
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium" id="first-run-progress">
          {done} of {steps.length} first steps done
        </p>
        <progress
          aria-labelledby="first-run-progress"
          max={steps.length}
          value={done}
          className="h-2 w-full max-w-md overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-surface-muted [&::-webkit-progress-value]:bg-accent"
        />
      </div>
      <ol className="grid gap-4 md:grid-cols-3">
        {steps.map((step, index) => (
          <StepCard key={step.id} step={step} index={index} />
        ))}
      </ol>
    </section>
  );
}
