import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dashboardSummaryFor } from '@vigil/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticWeb } from './static-web.ts';

let app: FastifyInstance;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Vigil</title>');
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'export {};');
  app = Fastify();
  await registerStaticWeb(app, webDir, [dashboardSummaryFor]);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('names the dashboard summary in a preload header of /health', async () => {
    const response = await app.inject('/health?timeRange=6h&tab=All');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Vigil</title>');
    expect(response.headers.link).toBe(
      '</api/canary/api/summary?timeRange=6h>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    const plain = await app.inject('/health');
    expect(plain.headers.link).toContain('timeRange=1h');
  });

  it('preloads nothing for other pages or a time range the page would not use', async () => {
    expect((await app.inject('/settings/jobs')).headers.link).toBeUndefined();
    expect((await app.inject('/health?timeRange=7d')).headers.link).toBeUndefined();
  });

  it('caches hashed assets for a year and pages never', async () => {
    const asset = await app.inject('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/incidents')).headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown API routes with a JSON 404, not the page', async () => {
    const response = await app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Route GET /api/nothing-here not found' });
  });
});
