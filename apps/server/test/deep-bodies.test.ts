import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testActorHeader } from './app.ts';
import { canariesPath, expectStatus, useKubeApp } from './kube-api/helpers.ts';

const kube = useKubeApp();

/** A JSON object nested `levels` deep, as text: JSON.stringify itself would recurse. */
const deepJson = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const levels = 5000;

const errorBody = z
  .object({
    code: z.string(),
    message: z.string(),
    details: z.string().nullable(),
    hint: z.string().nullable(),
  })
  .strict();

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${kube.app().baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, text };
}

const count = async (table: string): Promise<number> => {
  const [row] = await kube.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return row?.n ?? -1;
};

describe('bodies nested 5,000 deep', () => {
  it('the data API answers 400 PGRST102, signed in or not, and writes nothing', async () => {
    const before = await count('canaries');
    const body = `{"name":"deep","spec":${deepJson(levels)}}`;
    const callers: Array<Record<string, string>> = [{ [testActorHeader]: 'admin' }, {}];
    for (const headers of callers) {
      const reply = await post('/api/db/canaries', body, headers);
      expect(reply.status, reply.text).toBe(400);
      const error = errorBody.parse(JSON.parse(reply.text));
      expect(error.code).toBe('PGRST102');
      expect(error.message).toBe('The body nests deeper than 64 levels.');
    }
    expect(await count('canaries')).toBe(before);
  });

  it('an agent push answers 400 in the API error shape and writes nothing', async () => {
    const generated = await post('/api/agent/generate', '{"name":"deep-edge"}', {
      [testActorHeader]: 'admin',
    });
    const { access_token: token } = z
      .object({ access_token: z.string() })
      .parse(JSON.parse(generated.text));
    const before = await count('canaries');
    const body = `{"canaries":[{"id":"${randomUUID()}","name":"deep","spec":${deepJson(levels)}}]}`;
    const reply = await post('/api/agent/push', body, { authorization: `Bearer ${token}` });
    expect(reply.status, reply.text).toBe(400);
    const error = errorBody.parse(JSON.parse(reply.text));
    expect(error).toMatchObject({ code: 'bad_request', message: /deeper than 64 levels/ });
    expect(await count('canaries')).toBe(before);
  });

  it('an anonymous identity flow answers a 400 identity error and creates no identity', async () => {
    const started = await fetch(
      `${kube.app().baseUrl}/api/identity/self-service/registration/browser`,
      { headers: { accept: 'application/json' } },
    );
    const flow = z.object({ id: z.string() }).parse(await started.json());
    const cookie = started.headers.getSetCookie().map((c) => c.split(';')[0]);
    const before = await count('people');
    const body = `{"method":"password","password":"x","traits":${deepJson(levels)}}`;
    const reply = await post(`/api/identity/self-service/registration?flow=${flow.id}`, body, {
      cookie: cookie.join('; '),
      origin: kube.app().baseUrl,
    });
    expect(reply.status, reply.text).toBe(400);
    // The identity service's own error shape, as Ory Kratos answers.
    expect(JSON.parse(reply.text)).toMatchObject({
      error: { id: 'bad_request', code: 400, reason: 'The body nests deeper than 64 levels.' },
    });
    expect(await count('people')).toBe(before);
  });

  it('the Kubernetes-style API answers a 400 Status for deep JSON and YAML', async () => {
    const editor = await kube.person(['editor']);
    const before = await count('canaries');
    const json = `{"apiVersion":"canaries.flanksource.com/v1","kind":"Canary","metadata":{"name":"deep"},"spec":${deepJson(levels)}}`;
    const yaml = (spec: string) =>
      `apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: deep\nspec: ${spec}\n`;
    const attempts = [
      { rawBody: json, contentType: 'application/json' },
      { rawBody: yaml(deepJson(levels)), contentType: 'application/yaml' },
      // Shallow enough for the YAML parser, still past the limit once parsed.
      { rawBody: yaml(deepJson(200)), contentType: 'application/yaml' },
    ];
    for (const attempt of attempts) {
      const reply = await kube.request(canariesPath('prod'), {
        method: 'POST',
        token: editor.token,
        ...attempt,
      });
      expect(expectStatus(reply, 400, 'BadRequest')).toMatch(/deeper than 64 levels/);
    }
    expect(await count('canaries')).toBe(before);
  });

  it('accepts bodies nested within the limit', async () => {
    const reply = await post('/api/db/canaries', `{"name":"shallow","spec":${deepJson(30)}}`, {
      [testActorHeader]: 'admin',
    });
    expect(reply.text).not.toMatch(/deeper than/);
  });
});
