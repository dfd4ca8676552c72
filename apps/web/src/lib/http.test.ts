import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setupMsw } from '@/testing/msw.ts';
import { apiBase } from './api-endpoints.ts';
import { ApiError } from './api-error.ts';
import { apiList, apiRequest, networkErrorMessage } from './http.ts';

const server = setupMsw();
const agentSchema = z.object({ id: z.string(), name: z.string() });

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('apiRequest', () => {
  it('resolves the api name to its base path and parses the answer', async () => {
    server.use(http.get('/api/canary/api/summary', () => HttpResponse.json({ ok: true })));
    const body = await apiRequest('canary', '/api/summary', z.object({ ok: z.boolean() }));
    expect(body).toEqual({ ok: true });
  });

  it('sends JSON with Prefer: return=representation to the data API', async () => {
    let seen: { prefer: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      http.post('/api/db/agents', async ({ request }) => {
        seen = {
          prefer: request.headers.get('Prefer'),
          type: request.headers.get('Content-Type'),
          body: await request.json(),
        };
        return HttpResponse.json([{ id: '1', name: 'a' }], { status: 201 });
      }),
    );
    await apiRequest('db', '/agents', z.array(agentSchema), {
      method: 'POST',
      body: { name: 'a' },
    });
    expect(seen).toEqual({
      prefer: 'return=representation',
      type: 'application/json',
      body: { name: 'a' },
    });
  });

  it('appends query values and leaves out empty ones', async () => {
    let url = '';
    server.use(
      http.get('/api/db/agents', ({ request }) => {
        url = request.url;
        return HttpResponse.json([]);
      }),
    );
    await apiRequest('db', '/agents?select=id', z.array(agentSchema), {
      query: { id: 'eq.1', limit: 50, offset: undefined },
    });
    expect(new URL(url).search).toBe('?select=id&id=eq.1&limit=50');
  });

  it('rejects an unknown api name', () => {
    expect(() => apiBase('nope')).toThrow('Invalid api endpoint');
  });

  it('throws an ApiError with the PostgREST body on a non-2xx answer', async () => {
    const body = { code: '23505', message: 'duplicate key', details: 'Key exists', hint: null };
    server.use(http.post('/api/db/agents', () => HttpResponse.json(body, { status: 409 })));
    const error = await apiRequest('db', '/agents', z.unknown(), {
      method: 'POST',
      body: {},
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'duplicate key',
      body: { code: '23505', message: 'duplicate key', details: 'Key exists', hint: null },
    });
  });

  it('falls back to the response text for the message', async () => {
    server.use(http.get('/api/logs/x', () => new HttpResponse('upstream down', { status: 502 })));
    await expect(apiRequest('logs', '/x', z.unknown())).rejects.toMatchObject({
      status: 502,
      message: 'upstream down',
    });
  });

  it('sends the browser to the session check on 401', async () => {
    window.history.replaceState(null, '', '/health?timeRange=1h');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    server.use(http.get('/api/db/agents', () => HttpResponse.json({}, { status: 401 })));
    await expect(apiRequest('db', '/agents', z.unknown())).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('/auth-state-checker?return_to=%2Fhealth%3FtimeRange%3D1h');
  });

  it('reports a network failure with a readable message', async () => {
    server.use(http.get('/api/config/x', () => HttpResponse.error()));
    await expect(apiRequest('config', '/x', z.unknown())).rejects.toThrow(networkErrorMessage);
  });

  it('names the call when the answer has an unexpected shape', async () => {
    server.use(http.get('/api/db/agents', () => HttpResponse.json({ nope: 1 })));
    await expect(apiRequest('db', '/agents', z.array(agentSchema))).rejects.toThrow(
      'Unexpected response from /agents',
    );
  });
});

describe('apiList', () => {
  it('asks for an exact count and reads the total from Content-Range', async () => {
    let prefer: string | null = null;
    server.use(
      http.get('/api/db/agents_summary', ({ request }) => {
        prefer = request.headers.get('Prefer');
        return HttpResponse.json([{ id: '1', name: 'a' }], {
          headers: { 'Content-Range': '0-49/1234' },
        });
      }),
    );
    const result = await apiList('db', '/agents_summary', agentSchema);
    expect(prefer).toBe('return=representation, count=exact');
    expect(result).toEqual({ data: [{ id: '1', name: 'a' }], totalEntries: 1234 });
  });

  it('gives an undefined total when the server does not know it', async () => {
    server.use(
      http.get('/api/db/agents', () =>
        HttpResponse.json([], { headers: { 'Content-Range': '*/*' } }),
      ),
    );
    expect(await apiList('db', '/agents', agentSchema)).toEqual({
      data: [],
      totalEntries: undefined,
    });
  });
});
