import { parse } from 'yaml';
import type { PlaybookSpec } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkRunParams,
  resolveParameters,
} from '../../src/modules/playbooks/params/params.service.ts';
import { loadResource } from '../../src/modules/playbooks/targets/resource.repository.ts';
import { parsePlaybookSpec } from '../../src/modules/playbooks/spec/playbook-spec.ts';
import { playbookHarness, type PlaybookHarness } from './harness.ts';

let h: PlaybookHarness;
let teamId: string;
let personId: string;
let configId: string;

function spec(yaml: string): PlaybookSpec {
  const parsed = parsePlaybookSpec(parse(yaml));
  if (!parsed.ok) throw new Error(`${parsed.field} ${parsed.message}`);
  return parsed.spec;
}

beforeAll(async () => {
  h = await playbookHarness();
  personId = (await h.person('alice')).id ?? '';
  const team = await h.db.pool.query<{ id: string }>(
    `insert into teams (name) values ('sre') returning id`,
  );
  teamId = team.rows[0]?.id ?? '';
  const config = await h.db.pool.query<{ id: string }>(
    `insert into config_items (name, type, config_class, labels)
     values ('web-1', 'Kubernetes::Pod', 'Pod', '{"app": "web"}') returning id`,
  );
  configId = config.rows[0]?.id ?? '';
});
afterAll(async () => h.close());

const kitchen = spec(`
actions: [{name: a, exec: {script: 'true'}}]
parameters:
  - {name: name, type: text, required: true, properties: {format: dns1123, maxLength: 20}}
  - {name: size, type: text, properties: {format: bytes, min: 1024, max: 1073741824}}
  - {name: cpu, type: millicores}
  - {name: count, type: text, properties: {min: 1, max: 10}}
  - {name: code, type: text, properties: {regex: '[A-Z]{3}-[0-9]+', minLength: 5}}
  - {name: notes, type: text, properties: {multiline: "true"}}
  - {name: confirm, type: checkbox}
  - {name: env, type: list, properties: {options: [{label: Prod, value: prod}, {label: Dev, value: dev}]}}
  - {name: doc, type: code, properties: {language: json}}
  - {name: team, type: team}
  - {name: owner, type: people}
  - {name: target, type: config}
  - {name: svc, type: component}
  - {name: probe, type: check}
`);

async function refusal(params: Record<string, unknown>): Promise<string> {
  try {
    await checkRunParams(h.db.pool, kitchen, { name: 'ok', ...params }, undefined);
    return 'accepted';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('run parameters', () => {
  it('accepts good values of every kind, with lookups resolved to ids', async () => {
    const values = await checkRunParams(
      h.db.pool,
      kitchen,
      {
        name: 'web-frontend.prod',
        size: '512Mi',
        cpu: '500m',
        count: '3',
        code: 'ABC-123',
        notes: 'line one\nline two',
        confirm: true,
        env: 'prod',
        doc: '{"a": 1}',
        team: 'sre',
        owner: 'alice@example.test',
        target: configId,
      },
      undefined,
    );
    expect(values).toEqual({
      name: 'web-frontend.prod',
      size: '512Mi',
      cpu: '500m',
      count: '3',
      code: 'ABC-123',
      notes: 'line one\nline two',
      confirm: true,
      env: 'prod',
      doc: '{"a": 1}',
      team: teamId,
      owner: personId,
      target: configId,
    });
  });

  it.each([
    [{ name: '' }, 'params.name: This field is required'],
    [
      { name: 'Bad_Name' },
      "params.name: must consist of lowercase alphanumeric characters, '-' or '.', and start and end with an alphanumeric character",
    ],
    [{ name: 'a'.repeat(21) }, 'params.name: must be at most 20 characters'],
    [{ size: 'lots' }, 'params.size: must be a size such as 512Mi, 1Gi or 1024'],
    [{ size: '2Gi' }, 'params.size: must be at most 1073741824'],
    [{ size: '1' }, 'params.size: must be at least 1024'],
    [{ cpu: 'fast' }, 'params.cpu: must be CPU such as 500m or 1.5'],
    [{ count: '11' }, 'params.count: must be at most 10'],
    [{ count: 'x' }, 'params.count: must be a number'],
    [{ code: 'AB-1' }, 'params.code: must be at least 5 characters'],
    [{ code: 'abc-123' }, 'params.code: must match [A-Z]{3}-[0-9]+'],
    [{ confirm: 'maybe' }, 'params.confirm: must be true or false'],
    [{ env: 'staging' }, 'params.env: must be one of prod, dev'],
    [{ doc: '{not json' }, 'params.doc: is not valid JSON'],
    [{ team: 'nobody' }, 'params.team: team nobody was not found'],
    [{ owner: 'bob' }, 'params.owner: person bob was not found'],
    [
      { target: '00000000-0000-0000-0000-000000000001' },
      'params.target: config item 00000000-0000-0000-0000-000000000001 was not found',
    ],
    [{ svc: 'x' }, 'params.svc: component x was not found'],
    [{ probe: 'x' }, 'params.probe: check x was not found'],
    [{ extra: '1' }, 'params.extra: is not a parameter of this playbook'],
  ])('refuses %j naming the field', async (params, message) => {
    expect(await refusal(params)).toContain(message);
  });

  it('evaluates defaults as templates over the selected resource', async () => {
    const templated = spec(`
actions: [{name: a, exec: {script: 'true'}}]
configs: [{types: ['Kubernetes::Pod']}]
parameters:
  - {name: pod, default: '{{.config.name}}'}
  - {name: app, default: '$(.config.labels.app)'}
  - {name: plain, default: fixed}
`);
    const resource = await loadResource(h.db.pool, { config_id: configId });
    const resolved = resolveParameters(templated, resource);
    expect(resolved.map((p) => [p.name, p.default])).toEqual([
      ['pod', 'web-1'],
      ['app', 'web'],
      ['plain', 'fixed'],
    ]);
    expect(await checkRunParams(h.db.pool, templated, {}, resource)).toEqual({
      pod: 'web-1',
      app: 'web',
      plain: 'fixed',
    });
  });
});
