import { backendVersion } from '../../platform/version.ts';
import { groupVersions } from './kinds/registry.ts';

/** What each kind allows; no watch, so kubectl does not try to stream. */
const verbs = ['create', 'delete', 'get', 'list', 'patch', 'update'];

/** The Kubernetes version whose API shape this serves (kubectl warns beyond one minor of skew). */
const kubernetesMinor = '32';

/** GET /api: the core group, which serves no kinds here (so kubectl does not ask for v1). */
export function coreVersions() {
  return {
    kind: 'APIVersions',
    versions: [],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '' }],
  };
}

export function coreResources() {
  return { kind: 'APIResourceList', groupVersion: 'v1', resources: [] };
}

function apiGroup(name: string) {
  const versions = groupVersions()
    .filter((gv) => gv.group === name)
    .map((gv) => ({ groupVersion: `${gv.group}/${gv.version}`, version: gv.version }));
  const [preferredVersion] = versions;
  return preferredVersion ? { name, versions, preferredVersion } : undefined;
}

/** GET /apis (the legacy APIGroupList: kubectl falls back to it from aggregated discovery). */
export function groupList() {
  const names = [...new Set(groupVersions().map((gv) => gv.group))];
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: names.flatMap((name) => apiGroup(name) ?? []),
  };
}

export function group(name: string) {
  const found = apiGroup(name);
  return found ? { kind: 'APIGroup', apiVersion: 'v1', ...found } : undefined;
}

export function resourceList(group: string, version: string) {
  const found = groupVersions().find((gv) => gv.group === group && gv.version === version);
  if (!found) return undefined;
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: `${group}/${version}`,
    resources: found.kinds.map((kind) => ({
      name: kind.plural,
      singularName: kind.singular,
      namespaced: true,
      kind: kind.kind,
      verbs,
      shortNames: kind.shortNames,
      categories: kind.categories,
    })),
  };
}

export function versionInfo() {
  return {
    major: '1',
    minor: kubernetesMinor,
    gitVersion: `v1.${kubernetesMinor}.0+vigil-${backendVersion}`,
    gitCommit: '',
    gitTreeState: 'clean',
    buildDate: '1970-01-01T00:00:00Z',
    goVersion: '',
    compiler: 'vigil',
    platform: `${process.platform}/${process.arch === 'x64' ? 'amd64' : process.arch}`,
  };
}
