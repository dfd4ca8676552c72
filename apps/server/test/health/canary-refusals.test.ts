import { describe, expect, it } from 'vitest';
import { useDataApi } from '../data-api/helpers.ts';
import { webCanarySpec as spec } from './canary-fixtures.ts';

const api = useDataApi();

describe('canary writes the data API refuses, and the Canary schema', () => {
  it.each([
    [
      { http: [{ name: 'x' }] },
      'spec.http[0].url needs url (or the legacy endpoint, or a connection with a url)',
    ],
    [
      { http: [{ name: 'x', url: 'https://x', bogus: 1 }] },
      'spec.http[0].bogus is not a known field',
    ],
    [{ tcp: [{ name: 'x', endpoint: '' }] }, 'spec.tcp[0].endpoint is required'],
    [{ jmeter: [{ name: 'x' }] }, 'spec.jmeter check type jmeter is not supported yet'],
    [
      { docker: [{ name: 'x', image: 'alpine' }] },
      'spec.docker canary-checker removed the docker check type; use kubernetesResource or exec checks instead',
    ],
    [
      { tcp: [{ name: 'x', endpoint: 'h:1' }], containerdPush: [{ name: 'y' }] },
      'spec.containerdPush canary-checker removed the containerdPush check type; use kubernetesResource or exec checks instead',
    ],
    [
      { schedule: '@every 1m', colour: 'red', tcp: [{ name: 'x', endpoint: 'h:1' }] },
      'spec.colour is not a known field',
    ],
    [{ schedule: '@every 1m' }, 'spec declares no checks'],
    [
      { retries: { interval: 'soon' }, tcp: [{ name: 'x', endpoint: 'h:1' }] },
      'spec.retries.interval must be a duration such as 500ms, 10s or 1m30s',
    ],
    [
      { tcp: [{ name: 'x', endpoint: 'h:1', retries: { maxRetries: -1 } }] },
      /^spec.tcp\[0\].retries.maxRetries /,
    ],
    [
      { http: [{ name: 'x', url: 'https://x', connection: 'db' }] },
      'spec.http[0].connection must look like connection://<namespace>/<name>',
    ],
    [
      { schedule: '@every soon', tcp: [{ name: 'x', endpoint: 'h:1' }] },
      'spec.schedule must be @every followed by a duration such as 30s or 1m30s',
    ],
    [
      { schedule: '61 * * * *', tcp: [{ name: 'x', endpoint: 'h:1' }] },
      /^spec.schedule is not a valid schedule/,
    ],
    [
      { tcp: [{ name: 'x', endpoint: 'h:1', test: { expr: 'code ==' } }] },
      /^spec.tcp\[0\].test.expr is not valid: /,
    ],
    [
      { tcp: [{ name: 'x', endpoint: 'h:1', display: { template: '{{ nope .x }}' } }] },
      /^spec.tcp\[0\].display.template is not valid: template: 1: function "nope" not defined/,
    ],
    [
      { tcp: [{ name: 'x', endpoint: 'h:1', dependsOn: ['y'] }] },
      'spec.tcp[0].dependsOn[0] "y" is not a check of this canary',
    ],
    [
      {
        tcp: [
          { name: 'a', endpoint: 'h:1', dependsOn: ['b'] },
          { name: 'b', endpoint: 'h:1', dependsOn: ['a'] },
        ],
      },
      'spec.tcp[0].dependsOn forms a cycle: a → b → a',
    ],
  ])('refuses %j with a message naming the field, and writes nothing', async (bad, message) => {
    const before = await api.count('canaries');
    const response = await api.request('canaries', {
      method: 'POST',
      role: 'admin',
      body: { name: 'bad', spec: bad },
    });
    const expected = typeof message === 'string' ? message : expect.stringMatching(message);
    expect([response.status, response.json]).toEqual([
      400,
      expect.objectContaining({ message: expected }),
    ]);
    expect(await api.count('canaries')).toBe(before);
  });

  it('refuses canary writes to roles without write on canaries', async () => {
    const response = await api.request('canaries', {
      method: 'POST',
      role: 'responder',
      body: { name: 'x', spec },
    });
    expect(response.status).toBe(403);
  });

  it('serves the JSON schema of the Canary resource', async () => {
    const response = await fetch(`${api.baseUrl}/api/schemas/canary.schema.json`);
    expect(response.status).toBe(200);
    const schema: unknown = await response.json();
    const text = JSON.stringify(schema);
    expect(text).toContain('canaries.flanksource.com/v1');
    expect(text).toContain('responseCodes');
    expect(text).toContain('"tcp"');
    // Descriptions are the editor's hover docs.
    expect(text).toContain('When the checks run');
    expect(text).toContain('canary-checker removed the gitProtocol check type');
  });
});
