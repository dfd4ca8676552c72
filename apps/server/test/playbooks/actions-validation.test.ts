import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parsePlaybookSpec } from '../../src/modules/playbooks/spec/playbook-spec.ts';
import { at } from '../kube-api/helpers.ts';
import { usePlaybookApi } from './api-context.ts';

const pb = usePlaybookApi();
const { kube } = pb;

function outcome(yaml: string): string {
  const parsed = parsePlaybookSpec(parse(yaml));
  return parsed.ok ? 'accepted' : `${parsed.field} ${parsed.message}`;
}

const action = (body: string, extra = '') => `actions: [{name: a, ${extra}${body}}]`;

describe('validation of the pod, logs, github and gitops actions', () => {
  it.each([
    action('pod: {name: p, spec: {containers: [{name: c, image: busybox}]}}'),
    action("pod: {name: '{{.params.n}}', maxLength: '{{.params.m}}', spec: {}}"),
    action('logs: {loki: {url: "http://l", query: "{a=\\"b\\"}", limit: "$(.params.limit)"}}'),
    action('logs: {opensearch: {address: "http://o", index: i, query: "{}", limit: "5"}}'),
    action('logs: {kubernetes: {kind: Pod, name: p, namespace: n, start: now-2h}}'),
    action('github: {username: o, repo: r, token: {valueFrom: {secretKeyRef: {name: g, key: t}}}}'),
    action('gitops: {repo: {url: u}, commit: {message: m}, files: [{path: a, content: b}]}'),
    action('exec: {script: x}', 'runsOn: [local], '),
    action('exec: {script: x}', "runsOn: ['{{.params.agent}}'], "),
    action('exec: {script: x}', 'runsOn: [aditya-desktop], '),
    `runsOn: [edge-1]\n${action('exec: {script: x}')}`,
  ])('accepts %s', (yaml) => {
    expect(outcome(yaml)).toBe('accepted');
  });

  it.each([
    [action('pod: {name: p, spec: {}, image: x}'), 'spec.actions[0].pod.image Unrecognized key'],
    [action('pod: {name: Bad_Name, spec: {}}'), 'spec.actions[0].pod.name must be a DNS-1123'],
    [action('pod: {name: p}'), 'spec.actions[0].pod.spec'],
    [action('logs: {loki: {url: u, querry: x}}'), 'spec.actions[0].logs.loki.querry Unrecognized'],
    [action('logs: {}'), 'spec.actions[0].logs must set exactly one of loki, opensearch'],
    [action('logs: {splunk: {}}'), 'spec.actions[0].logs.splunk Unrecognized key'],
    [action('logs: {opensearch: {address: a}}'), 'spec.actions[0].logs.opensearch.index'],
    [action('github: {username: o, repo: r}'), 'spec.actions[0].github.token token or connection'],
    [action('github: {username: o, repo: r, token: t, owner: x}'), 'spec.actions[0].github.owner'],
    [
      action('github: {username: o, repo: r, token: t, workflows: [{ref: main}]}'),
      'spec.actions[0].github.workflows.0.id',
    ],
    [
      action('gitops: {repo: {url: u}, commit: {message: m}}'),
      'spec.actions[0].gitops.files no patches or files specified on gitops action',
    ],
    [
      action(
        'gitops: {repo: {url: u, token: t}, commit: {message: m}, files: [{path: a, content: b}]}',
      ),
      'spec.actions[0].gitops.repo.token Unrecognized key',
    ],
  ])('refuses %s naming the field', (yaml, message) => {
    expect(outcome(yaml)).toContain(message);
  });

  it('refuses an unknown action field through the data API with a 400 naming it', async () => {
    const answer = await kube.request('/api/db/playbooks', {
      method: 'POST',
      token: pb.editor.token,
      body: {
        name: 'bad-pod',
        spec: { actions: [{ name: 'a', pod: { name: 'p', spec: {}, image: 'busybox' } }] },
      },
    });
    expect(answer.status).toBe(400);
    expect(at(answer.json, 'message')).toContain('spec.actions[0].pod.image');
  });

  it('describes the new actions in the served JSON schema', async () => {
    const answer = await kube.request('/api/schemas/playbook-spec.schema.json', {
      token: pb.viewer.token,
    });
    expect(answer.status).toBe(200);
    const actions = at(answer.json, 'properties', 'actions', 'items');
    const gitops = at(actions, 'properties', 'gitops', 'properties', 'repo', 'properties');
    expect(Object.keys(gitops ?? {})).toContain('skipExisting');
    const pod = at(actions, 'properties', 'pod', 'additionalProperties');
    expect(pod).toBe(false);
  });
});
