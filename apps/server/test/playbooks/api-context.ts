import { beforeAll } from 'vitest';
import { at, kubePath, useKubeApp, type KubeTestContext } from '../kube-api/helpers.ts';

export type Person = { id: string; token: string };

/** What the playbook API test files share: a running app, one person per role and a config. */
export interface PlaybookApiContext {
  readonly kube: KubeTestContext;
  readonly admin: Person;
  readonly editor: Person;
  readonly viewer: Person;
  readonly responder: Person;
  readonly configId: string;
  /** Polls a run until it reaches one of the statuses (15 s at most). */
  waitFor(runId: string, statuses: string[]): Promise<string>;
}

export const playbookPath = (name = '') =>
  `${kubePath}/apis/mission-control.flanksource.com/v1/namespaces/default/playbooks${name ? `/${name}` : ''}`;

export const dnsPlaybook = {
  name: 'restart-ns',
  spec: {
    title: 'Restart namespace',
    category: 'Ops',
    configs: [{ types: ['Kubernetes::Namespace'] }],
    parameters: [
      { name: 'target', label: 'Target', required: true, properties: { format: 'dns1123' } },
      { name: 'ns', default: '{{.config.name}}' },
    ],
    actions: [
      { name: 'echo', exec: { script: 'echo restart {{.params.target}} in {{.params.ns}}' } },
    ],
  },
};

/** Registers the app's hooks; the fields are filled in by its beforeAll. */
export function usePlaybookApi(): PlaybookApiContext {
  const kube = useKubeApp();
  const people: Partial<Record<'admin' | 'editor' | 'viewer' | 'responder', Person>> = {};
  let configId = '';
  const person = (role: keyof typeof people): Person => {
    const found = people[role];
    if (!found) throw new Error('the people are created in beforeAll');
    return found;
  };
  beforeAll(async () => {
    for (const role of ['admin', 'editor', 'viewer', 'responder'] as const)
      people[role] = await kube.person([role], `pb-${role}`);
    kube
      .app()
      .api.workers.find((worker) => worker.name === 'playbook run engine')
      ?.start();
    const [config] = await kube.query<{ id: string }>(
      `insert into config_items (name, type, config_class) values ('db-1', 'Kubernetes::Namespace', 'Namespace') returning id`,
    );
    configId = config?.id ?? '';
  });
  return {
    kube,
    get admin() {
      return person('admin');
    },
    get editor() {
      return person('editor');
    },
    get viewer() {
      return person('viewer');
    },
    get responder() {
      return person('responder');
    },
    get configId() {
      return configId;
    },
    async waitFor(runId, statuses) {
      const until = Date.now() + 15_000;
      for (;;) {
        const found = await kube.request(`/api/playbook/run/${runId}`, {
          token: person('admin').token,
        });
        const status = String(at(found.json, 'status'));
        if (statuses.includes(status)) return status;
        if (Date.now() > until) throw new Error(`run stayed ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
