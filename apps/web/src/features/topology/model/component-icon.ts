import {
  AppWindow,
  Box,
  Boxes,
  Cloud,
  Cog,
  Container,
  Database,
  FolderTree,
  Globe,
  HardDrive,
  Layers,
  Network,
  Server,
  Ship,
  type LucideIcon,
} from 'lucide-react';

/**
 * Keywords, first match wins, read from a component's `icon` and then its `type`: specs
 * name icons loosely (`postgres`, `k8s-node`, `aws-ec2`), so words are matched, not names.
 */
const byKeyword: ReadonlyArray<readonly [RegExp, LucideIcon]> = [
  [/database|postgres|mysql|mongo|redis|mssql|sql|oracle|\bdb\b|-db$/, Database],
  [/\bpod\b|container|docker/, Container],
  [/node|server|\bvm\b|ec2|host|machine|instance/, Server],
  [/kubernetes|k8s|cluster|helm/, Ship],
  [/disk|volume|storage|s3|bucket|pvc/, HardDrive],
  [/queue|kafka|rabbit|sqs|topic|stream/, Layers],
  [/network|vpc|subnet|ingress|load.?balancer|\blb\b|dns/, Network],
  [/aws|azure|gcp|google|cloud/, Cloud],
  [/service|api|http|endpoint|website/, Globe],
  [/worker|job|cron|batch|daemon/, Cog],
  [/namespace|group|folder/, FolderTree],
  [/app|application/, AppWindow],
  [/deployment|replica|stateful/, Boxes],
];

/** The icon of a card: by the spec's icon name, else by the component type, else a box. */
export function componentIcon(icon: string | null | undefined, type: string | null | undefined) {
  for (const text of [icon, type]) {
    // Split camel case so that `KubernetesNode` reads as `kubernetes node`.
    const words = (text ?? '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    if (words === '') continue;
    const found = byKeyword.find(([pattern]) => pattern.test(words));
    if (found) return found[1];
  }
  return Box;
}
