import { canaryKind } from '../../kinds/canary.kind.ts';
import { playbookKind } from '../../kinds/playbook.kind.ts';
import { scrapeConfigKind } from '../../kinds/scrape-config.kind.ts';
import { topologyKind } from '../../kinds/topology.kind.ts';
import type { CrdKind } from './crd-kind.ts';
import { fromKubeKind } from './from-kube-kind.ts';
import { notificationCrd } from './notification.crd.ts';

/** Every custom resource reconciled from a cluster (deploy/crds/ ships their definitions). */
export const crdKinds: readonly CrdKind[] = [
  fromKubeKind(canaryKind),
  fromKubeKind(scrapeConfigKind),
  fromKubeKind(topologyKind),
  fromKubeKind(playbookKind),
  notificationCrd,
];
