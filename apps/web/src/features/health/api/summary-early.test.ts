import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { summaryUrl, startSummaryEarly } from './summary-early.ts';
import { setupMsw } from '@/testing/msw.ts';
import { startEarlyGet, takeEarlyGet } from '@/lib/early-request.ts';
import { apiRequest, buildUrl } from '@/lib/http.ts';

const server = setupMsw();
const answer = z.object({ n: z.number() });

describe('early GETs', () => {
  it('lets the first request for the URL take the early answer, once', async () => {
    let asked = 0;
    server.use(
      http.get('/api/canary/api/summary', () => {
        asked += 1;
        return HttpResponse.json({ n: asked });
      }),
    );
    startSummaryEarly('http://localhost/health?timeRange=6h&query=x');
    const first = await apiRequest('canary', '/api/summary', answer, {
      query: { timeRange: '6h' },
    });
    const second = await apiRequest('canary', '/api/summary', answer, {
      query: { timeRange: '6h' },
    });
    expect([first.n, second.n, asked]).toEqual([1, 2, 2]);
  });

  it('builds the URL the server preloads exactly as the page asks for it', () => {
    expect(summaryUrl('6h')).toBe(buildUrl('canary', '/api/summary', { timeRange: '6h' }));
  });

  it('starts the default time range and never hands out an old answer', () => {
    vi.useFakeTimers();
    try {
      server.use(http.get('/api/canary/api/summary', () => HttpResponse.json({ n: 1 })));
      startSummaryEarly('http://localhost/health');
      vi.advanceTimersByTime(10_001);
      expect(takeEarlyGet(summaryUrl('1h'))).toBeUndefined();
      startEarlyGet(summaryUrl('1h'));
      expect(takeEarlyGet(summaryUrl('1h'))).toBeInstanceOf(Promise);
      expect(takeEarlyGet(summaryUrl('1h'))).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
