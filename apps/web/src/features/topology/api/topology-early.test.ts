import { topologyResponseSchema } from '@vigil/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/http.ts';
import { setupMsw } from '@/testing/msw.ts';
import { topologyAnswer } from '../model/topology-fixtures.ts';
import { topologyApiQuery } from '../model/topology-url-state.ts';
import { startTopologyEarly } from './topology-early.ts';

const server = setupMsw();

describe('the topology asked for at navigation', () => {
  it('is the request the page makes, so the page takes its answer instead of asking again', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/topology', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(topologyAnswer([]));
      }),
    );
    // 'All' and a bad sort order fall away, as they do in the page's URL state.
    startTopologyEarly('http://localhost/topology/x?type=Pod&team=All&sortOrder=up', 'x');
    const query = topologyApiQuery({ type: 'Pod' }, 'x');
    await apiRequest('root', '/topology', topologyResponseSchema, { query });
    await apiRequest('root', '/topology', topologyResponseSchema, { query });
    expect(asked).toEqual([
      '?id=x&type=Pod&flatten=true&depth=3',
      '?id=x&type=Pod&flatten=true&depth=3',
    ]);
  });
});
