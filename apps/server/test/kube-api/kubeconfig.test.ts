import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { sha256 } from '../../src/platform/crypto.ts';
import { buildKubeconfig } from '../../src/modules/kube-api/kubeconfig.ts';
import { kubeconfigRoutes } from '../../src/modules/kube-api/kubeconfig.routes.ts';
import { newBrowser } from '../identity/browser.ts';
import { registerAdmin } from '../identity/flow-helpers.ts';
import { at, canariesPath, useKubeApp } from './helpers.ts';

const kube = useKubeApp();

const kubeconfigSchema = z.object({
  apiVersion: z.literal('v1'),
  kind: z.literal('Config'),
  clusters: z.array(
    z.object({
      name: z.string(),
      cluster: z.object({
        server: z.string(),
        'insecure-skip-tls-verify': z.boolean().optional(),
      }),
    }),
  ),
  users: z.array(z.object({ name: z.string(), user: z.object({ token: z.string() }) })),
  contexts: z.array(
    z.object({
      name: z.string(),
      context: z.object({ cluster: z.string(), user: z.string(), namespace: z.string() }),
    }),
  ),
  'current-context': z.string(),
});

describe('GET /api/kubeconfig', () => {
  it('refuses anonymous callers', async () => {
    const response = await fetch(`${kube.app().baseUrl}/api/kubeconfig`);
    expect(response.status).toBe(401);
  });

  it('gives the signed-in user a kubeconfig whose new token works', async () => {
    const browser = newBrowser(kube.app().baseUrl);
    await registerAdmin(browser);
    const response = await browser.get('/api/kubeconfig');
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/^application\/yaml/);
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename=/);
    expect(response.headers['cache-control']).toBe('no-store');
    const config = kubeconfigSchema.parse(parse(String(response.data)));
    const [cluster] = config.clusters;
    const [user] = config.users;
    const token = user?.user.token ?? '';
    expect(token).toMatch(/^vgt_[A-Za-z0-9_-]{43}$/);
    const port = new URL(kube.app().baseUrl).port;
    // kubectl sends no credentials to an http server, so the token also rides in the URL.
    expect(cluster?.cluster.server).toBe(`http://vigil:${token}@127.0.0.1:${port}/api/kubernetes`);
    expect(cluster?.cluster['insecure-skip-tls-verify']).toBe(true);
    expect(config['current-context']).toBe(config.contexts[0]?.name);
    expect(config.contexts[0]?.context).toEqual({
      cluster: cluster?.name,
      user: user?.name,
      namespace: 'default',
    });

    const stored = await kube.query<{ value_hash: string; expires_in_days: number }>(
      `select value_hash, round(extract(epoch from expires_at - now()) / 86400)::int as expires_in_days
       from access_tokens t join people p on p.id = t.person_id where p.email = 'ada@example.com'`,
    );
    expect(stored).toEqual([{ value_hash: sha256(token), expires_in_days: 90 }]);

    const listed = await kube.request(canariesPath(), { token });
    expect(at(listed.json, 'kind')).toBe('CanaryList');
    const basic = await fetch(`${kube.app().baseUrl}${canariesPath()}`, {
      headers: { authorization: `Basic ${Buffer.from(`vigil:${token}`).toString('base64')}` },
    });
    expect(basic.status).toBe(200);

    // A token cannot mint more tokens.
    const minted = await fetch(`${kube.app().baseUrl}/api/kubeconfig`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(minted.status).toBe(403);
  });

  it('points at VIGIL_PUBLIC_URL when it is set', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('onRequest', async (request) => {
      request.actor = { kind: 'user', id: 'someone', roles: ['viewer'] };
    });
    const issued: string[] = [];
    const service = {
      issue: async (_actor: unknown, server: string) => {
        issued.push(server);
        return 'kind: Config\n';
      },
    };
    await app.register(kubeconfigRoutes(service, 'https://vigil.example.com/'), {
      prefix: '/api',
    });
    const response = await app.inject({ url: '/api/kubeconfig' });
    expect(response.statusCode).toBe(200);
    expect(issued).toEqual(['https://vigil.example.com/api/kubernetes']);
    await app.close();
  });

  it('builds an https kubeconfig without insecure flags or credentials in the URL', () => {
    const config = kubeconfigSchema.parse(
      parse(
        buildKubeconfig({
          server: 'https://vigil.example.com/api/kubernetes',
          token: 'vgt_x',
          namespace: 'default',
        }),
      ),
    );
    expect(config.clusters[0]?.cluster).toEqual({
      server: 'https://vigil.example.com/api/kubernetes',
    });
    expect(config.users[0]?.user.token).toBe('vgt_x');
    expect(config.clusters[0]?.name).toBe('vigil-vigil-example-com');
  });
});
