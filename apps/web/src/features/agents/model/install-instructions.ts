import { stringify } from 'yaml';

export interface InstallTarget {
  /** The upstream this page is served from: the browser's origin. */
  upstream: string;
  name: string;
  token: string;
}

/** POSIX-shell quoting: bare when safe, else single quotes with embedded quotes escaped. */
export function shellQuote(value: string): string {
  if (/^[\w@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replaceAll("'", `'"'"'`)}'`;
}

function agentArgs({ upstream, token, name }: InstallTarget): string {
  return ['--upstream', upstream, '--token', token, '--name', name].map(shellQuote).join(' ');
}

/** The spec 000 §2.6 CLI tab: the exact command for an installed `vigil`. */
export function cliCommand(target: InstallTarget): string {
  return `vigil agent ${agentArgs(target)}`;
}

/** The same command from a source checkout of this repository. */
export function sourceCommand(target: InstallTarget): string {
  return `npm run vigil -- agent ${agentArgs(target)}`;
}

/** Kubernetes object names: DNS-1123 labels of at most 63 characters. */
export function kubernetesName(agentName: string): string {
  const slug = agentName
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return `vigil-agent${slug === '' ? '' : `-${slug}`}`;
}

/**
 * The GitOps tab: a Secret with the token and a Deployment running `vigil agent`. The token
 * reaches the arguments through `$(VAR)` expansion, so it never sits in the Deployment.
 */
export function kubernetesManifest(target: InstallTarget, image = 'vigil:latest'): string {
  const name = kubernetesName(target.name);
  const labels = { 'app.kubernetes.io/name': 'vigil-agent', 'app.kubernetes.io/instance': name };
  const secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, labels },
    type: 'Opaque',
    stringData: { VIGIL_UPSTREAM: target.upstream, VIGIL_AGENT_TOKEN: target.token },
  };
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels },
    spec: {
      replicas: 1,
      selector: { matchLabels: labels },
      template: {
        metadata: { labels },
        spec: {
          containers: [
            {
              name: 'vigil-agent',
              image,
              args: [
                'agent',
                '--upstream',
                '$(VIGIL_UPSTREAM)',
                '--token',
                '$(VIGIL_AGENT_TOKEN)',
                '--name',
                target.name,
              ],
              envFrom: [{ secretRef: { name } }],
              resources: {
                requests: { cpu: '100m', memory: '128Mi' },
                limits: { memory: '256Mi' },
              },
            },
          ],
        },
      },
    },
  };
  // Repeated label objects would otherwise become YAML anchors, which readers trip over.
  const options = { aliasDuplicateObjects: false };
  return `${stringify(secret, options)}---\n${stringify(deployment, options)}`;
}

/** Shell lines that apply the manifest from a file, for the next steps. */
export function applyCommand(target: InstallTarget): string {
  return `kubectl apply -f ${kubernetesName(target.name)}.yaml`;
}
