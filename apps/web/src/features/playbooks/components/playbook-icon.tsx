import {
  BookOpen,
  Boxes,
  Bug,
  Cloud,
  Container,
  Database,
  GitBranch,
  Globe,
  HeartPulse,
  RefreshCw,
  Rocket,
  ScrollText,
  Server,
  Shield,
  Terminal,
  Trash2,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { createElement } from 'react';
import { cx } from '@/ui/class-names.ts';

/** Spec icons are free names (`kubernetes`, `k8s-pod`, `git` …): matched by the word they hold. */
const iconWords: ReadonlyArray<[RegExp, LucideIcon]> = [
  [/k8s|kube|pod|deployment|helm/, Container],
  [/git|flux|argo/, GitBranch],
  [/postgres|sql|mysql|mongo|redis|database|db/, Database],
  [/aws|azure|gcp|cloud|s3/, Cloud],
  [/http|web|url|api/, Globe],
  [/bash|shell|exec|terminal|python/, Terminal],
  [/restart|reload|refresh|rollout/, RefreshCw],
  [/delete|trash|clean/, Trash2],
  [/deploy|release|rocket/, Rocket],
  [/security|shield|vuln/, Shield],
  [/health|check|heart/, HeartPulse],
  [/log/, ScrollText],
  [/bug|debug/, Bug],
  [/server|node|vm|ec2/, Server],
  [/fix|repair|wrench|maint/, Wrench],
  [/component|topology/, Boxes],
];

export function playbookIcon(name: string | null | undefined): LucideIcon {
  const word = (name ?? '').toLowerCase();
  if (word === '') return BookOpen;
  return iconWords.find(([pattern]) => pattern.test(word))?.[1] ?? BookOpen;
}

export function PlaybookIcon({
  name,
  className,
}: {
  name: string | null | undefined;
  className?: string;
}) {
  return createElement(playbookIcon(name), {
    'aria-hidden': true,
    className: cx('size-4 shrink-0 text-fg-muted', className),
  });
}
