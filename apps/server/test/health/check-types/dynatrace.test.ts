import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { runCheck } from './check-context.ts';

/** Dynatrace's problems API v2, answering only the right Api-Token. */
let server: http.Server;
let host = '';
const seen: Array<{ path: string; authorization: string | undefined }> = [];

const problem = {
  problemId: 'P-2401',
  displayId: 'P-2401',
  title: 'High failure rate',
  impactLevel: 'SERVICES',
  severityLevel: 'ERROR',
  status: 'OPEN',
  affectedEntities: [{ entityId: { id: 'SERVICE-1', type: 'SERVICE' }, name: 'checkout' }],
  impactedEntities: [],
  entityTags: [{ context: 'CONTEXTLESS', key: 'team', value: 'payments' }],
  evidenceDetails: { totalCount: 1, details: [{ evidenceType: 'EVENT' }] },
};

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push({ path: request.url ?? '', authorization: request.headers.authorization });
    const ok = request.headers.authorization === 'Api-Token dt0c01.secret';
    response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        ok
          ? { totalCount: 1, pageSize: 50, problems: [problem] }
          : { error: { code: 401, message: 'Missing authorization parameter.' } },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('dynatrace check', () => {
  it('lists the problems with the Api-Token header and passes, as canary-checker', async () => {
    const outcome = await runCheck('dynatrace', {
      scheme: 'http',
      host,
      apiKey: { value: 'dt0c01.secret' },
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(seen.at(-1)).toEqual({
      path: '/api/v2/problems',
      authorization: 'Api-Token dt0c01.secret',
    });
    expect(outcome.data.results).toEqual([
      expect.objectContaining({
        title: 'High failure rate P-2401',
        severity: 'ERROR',
        status: 'OPEN',
        labels: { team: 'payments' },
        totalEvidences: 1,
      }),
    ]);
  });

  it('fails with the API answer when the token is refused', async () => {
    const outcome = await runCheck('dynatrace', { scheme: 'http', host, apiKey: 'wrong' });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(
      /^error getting Dynatrace problems: HTTP 401: .*Missing authorization/,
    );
  });

  it('refuses a spec without host or with an unknown scheme, naming the field', () => {
    expect(parseCanarySpec({ dynatrace: [{ name: 'd', apiKey: 'k' }] })).toMatchObject({
      ok: false,
      field: 'spec.dynatrace[0].host',
    });
    expect(
      parseCanarySpec({ dynatrace: [{ name: 'd', host: 'x', scheme: 'ftp', apiKey: 'k' }] }),
    ).toMatchObject({ ok: false, field: 'spec.dynatrace[0].scheme' });
  });
});
