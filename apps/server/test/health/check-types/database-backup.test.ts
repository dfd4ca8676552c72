import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { connection, runCheck } from './check-context.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const hour = 3_600_000;
let server: Server;
let base = '';
let runs: Record<string, unknown>[] = [];
const seen: { path: string; authorization?: string; claims?: Record<string, unknown> }[] = [];

/** A fake Google: a token endpoint that verifies the JWT assertion, and the backupRuns list. */
async function answer(request: IncomingMessage): Promise<[number, unknown]> {
  const url = new URL(request.url ?? '/', base);
  let body = '';
  for await (const chunk of request) body += String(chunk);
  if (url.pathname === '/token') {
    const form = new URLSearchParams(body);
    const [head = '', claims = '', signature = ''] = (form.get('assertion') ?? '').split('.');
    const valid = createVerify('RSA-SHA256')
      .update(`${head}.${claims}`)
      .verify(publicKey, signature, 'base64url');
    const decoded: unknown = JSON.parse(Buffer.from(claims, 'base64url').toString());
    seen.push({ path: url.pathname, claims: Object(decoded) });
    if (!valid || form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return [400, { error: 'invalid_grant' }];
    }
    return [200, { access_token: 'ya29.fake', token_type: 'Bearer', expires_in: 3600 }];
  }
  seen.push({ path: `${url.pathname}${url.search}`, authorization: request.headers.authorization });
  if (request.headers.authorization !== 'Bearer ya29.fake') {
    return [401, { error: { code: 401, message: 'Request is missing required authentication' } }];
  }
  if (url.pathname !== '/v1/projects/proj/instances/db1/backupRuns') {
    return [404, { error: { code: 404, message: 'The Cloud SQL instance does not exist.' } }];
  }
  return [200, { kind: 'sql#backupRunsList', items: runs }];
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void answer(request).then(([status, json]) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

const key = () =>
  JSON.stringify({
    type: 'service_account',
    client_email: 'canary@proj.iam.gserviceaccount.com',
    private_key_id: 'k1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    token_uri: `${base}/token`,
  });
const gcp = (instance = 'db1') => ({
  project: 'proj',
  instance,
  gcpConnection: { endpoint: base, credentials: key() },
});
const ago = (hours: number) => new Date(Date.now() - hours * hour).toISOString();

describe('databaseBackup over Cloud SQL (documented REST API against a local fake Google)', () => {
  it('exchanges a signed JWT for a token and passes on a recent successful backup', async () => {
    runs = [{ id: '17', status: 'SUCCESSFUL', endTime: ago(1), startTime: ago(2) }];
    const outcome = await runCheck('databaseBackup', { gcp: gcp(), maxAge: '6h' });
    expect(outcome).toMatchObject({ pass: true, data: { id: '17', status: 'SUCCESSFUL' } });
    expect(seen[0]).toMatchObject({
      path: '/token',
      claims: { iss: 'canary@proj.iam.gserviceaccount.com', aud: `${base}/token` },
    });
    expect(seen[1]).toEqual({
      path: '/v1/projects/proj/instances/db1/backupRuns?maxResults=1&alt=json',
      authorization: 'Bearer ya29.fake',
    });
  });

  it('fails a backup older than maxAge, by its newest time', async () => {
    runs = [{ id: '18', status: 'RUNNING', startTime: ago(7) }];
    const outcome = await runCheck('databaseBackup', { gcp: gcp(), maxAge: '6h' });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/^BackupRun 18 too old - started at /);
  });

  it('fails a failed backup naming its error, and an instance with none', async () => {
    runs = [{ id: '19', status: 'FAILED', error: { message: 'disk full' }, endTime: ago(1) }];
    expect(await runCheck('databaseBackup', { gcp: gcp() })).toMatchObject({
      pass: false,
      error: 'Backup 19 has status FAILED with error disk full',
    });
    runs = [];
    expect(await runCheck('databaseBackup', { gcp: gcp() })).toMatchObject({
      pass: false,
      error: 'No backups found',
    });
  });

  it('fails with the API error for an unknown instance', async () => {
    const outcome = await runCheck('databaseBackup', { gcp: gcp('nope') });
    expect(outcome.error).toBe(
      'Cloud SQL Admin API answered 404: The Cloud SQL instance does not exist.',
    );
  });

  it('refuses a key signed by another key at the token endpoint', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = JSON.stringify({
      ...JSON.parse(key()),
      private_key: other.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    const outcome = await runCheck('databaseBackup', {
      gcp: { ...gcp(), gcpConnection: { endpoint: base, credentials: forged } },
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/token exchange at .* answered 400/);
    expect(seen.map((s) => s.path)).toEqual(['/token']);
  });

  it('takes key and endpoint from a saved connection', async () => {
    runs = [{ id: '20', status: 'SUCCESSFUL', endTime: ago(1) }];
    const saved = connection({ type: 'gcp', url: base, password: key() });
    const outcome = await runCheck(
      'databaseBackup',
      {
        gcp: {
          project: 'proj',
          instance: 'db1',
          gcpConnection: { connection: 'connection://gcp/internal' },
        },
      },
      { connections: { 'connection://gcp/internal': saved } },
    );
    expect(outcome.pass).toBe(true);
  });

  it('accepts canary-checker’s fixture and names bad fields', () => {
    const fixture = {
      schedule: '@every 5m',
      databaseBackup: [{ name: 'backup', maxAge: '6h', gcp: { project: 'p', instance: 'i' } }],
    };
    expect(parseCanarySpec(fixture)).toMatchObject({ ok: true });
    expect(
      parseCanarySpec({ databaseBackup: [{ name: 'b', gcp: { project: 'p' } }] }),
    ).toMatchObject({ field: 'spec.databaseBackup[0].gcp.instance' });
    expect(
      parseCanarySpec({
        databaseBackup: [{ name: 'b', maxAge: 'soon', gcp: { project: 'p', instance: 'i' } }],
      }),
    ).toMatchObject({ field: 'spec.databaseBackup[0].maxAge', message: 'is not a duration' });
  });
});
