import { describe, expect, it } from 'vitest';
import { testMetricsToken } from './app.ts';
import { registerAdmin, useIdentityApp } from './identity/flow-helpers.ts';

const guarded = useIdentityApp();
const open = useIdentityApp({ metricsAccess: { public: true } });

async function scrape(baseUrl: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/api/metrics`, { headers });
  return { status: response.status, text: await response.text() };
}

describe('GET /api/metrics', () => {
  it('refuses anonymous scrapes with 401 and names no canary or check', async () => {
    const reply = await scrape(guarded.app().baseUrl);
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.text)).toMatchObject({ code: 'unauthenticated' });
    expect(reply.text).not.toMatch(/canary_check|vigil_http_request/);
  });

  it('refuses a wrong bearer token with 401', async () => {
    for (const token of ['not-the-token', `${testMetricsToken}x`, testMetricsToken.slice(1)]) {
      const reply = await scrape(guarded.app().baseUrl, { authorization: `Bearer ${token}` });
      expect(reply.status, token).toBe(401);
      expect(reply.text).not.toMatch(/vigil_http_request/);
    }
  });

  it('serves the scrape token, as Prometheus sends it', async () => {
    const reply = await scrape(guarded.app().baseUrl, {
      authorization: `Bearer ${testMetricsToken}`,
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('vigil_http_request_duration_seconds');
  });

  it('serves a signed-in session', async () => {
    const browser = guarded.browser();
    await registerAdmin(browser);
    const reply = await scrape(guarded.app().baseUrl, { cookie: browser.cookieHeader() });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('vigil_db_pool_total');
  });

  it('serves anyone when opted out for a private network', async () => {
    const reply = await scrape(open.app().baseUrl);
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('vigil_http_request_duration_seconds');
  });
});
