import { canaryKind } from './canary.kind.ts';
import type { KubeKind } from './kube-kind.ts';
import { playbookKind } from './playbook.kind.ts';
import { scrapeConfigKind } from './scrape-config.kind.ts';
import { topologyKind } from './topology.kind.ts';

/** Every kind the Kubernetes-style API serves; scrape configs and playbooks join here. */
export const kubeKinds: readonly KubeKind[] = [
  canaryKind,
  scrapeConfigKind,
  topologyKind,
  playbookKind,
];

export function findKind(group: string, version: string, plural: string): KubeKind | undefined {
  return kubeKinds.find((k) => k.group === group && k.version === version && k.plural === plural);
}

/** The group/versions in order of first appearance, each with its kinds. */
export function groupVersions(): Array<{ group: string; version: string; kinds: KubeKind[] }> {
  const out: Array<{ group: string; version: string; kinds: KubeKind[] }> = [];
  for (const kind of kubeKinds) {
    const found = out.find((gv) => gv.group === kind.group && gv.version === kind.version);
    if (found) found.kinds.push(kind);
    else out.push({ group: kind.group, version: kind.version, kinds: [kind] });
  }
  return out;
}
