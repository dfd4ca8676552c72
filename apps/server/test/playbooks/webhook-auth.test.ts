import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHealthSettings } from '../../src/modules/health/health.module.ts';
import { startTestApp, type TestApp } from '../app.ts';

const githubToken = 'gh-token-s3cr3t-value';
const basicPassword = 'basic-pa55-from-secret';
const svixKey = Buffer.from('svix-signing-key-0123456789abcdef');
const svixSecret = `whsec_${svixKey.toString('base64')}`;
const secrets = [githubToken, basicPassword, svixSecret, svixKey.toString('base64')];

let app: TestApp;
let secretsDir = '';
let logged = '';
let jwks: http.Server;
let jwksUrl = '';
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let signingKey: PrivateKey;
let otherKey: PrivateKey;

async function playbook(name: string, authentication: Record<string, unknown>) {
  const spec = {
    on: { webhook: { path: name, authentication } },
    actions: [{ name: 'echo', exec: { script: 'echo hi' } }],
  };
  await app.database.db.pool.query('insert into playbooks (name, spec) values ($1, $2)', [
    name,
    JSON.stringify(spec),
  ]);
}

async function post(hook: string, body: string, headers: Record<string, string>) {
  const response = await fetch(`${app.baseUrl}/api/playbook/webhook/${hook}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  for (const secret of secrets) expect(text).not.toContain(secret);
  return { status: response.status, text };
}

function svixHeaders(id: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', svixKey)
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  return {
    'svix-id': id,
    'svix-timestamp': String(timestamp),
    'svix-signature': `v1,bm90LXRoaXMtb25l v1,${signature}`,
  };
}

beforeAll(async () => {
  secretsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-webhook-secrets-'));
  fs.mkdirSync(path.join(secretsDir, 'hooks'));
  fs.writeFileSync(path.join(secretsDir, 'hooks', 'github'), `${githubToken}\n`);
  fs.writeFileSync(path.join(secretsDir, 'hooks', 'password'), basicPassword);
  fs.writeFileSync(path.join(secretsDir, 'hooks', 'svix'), svixSecret);
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  const keys = await generateKeyPair('RS256');
  signingKey = keys.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwks = http.createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const address = jwks.address();
  jwksUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/jwks`;
  app = await startTestApp({
    logger: pino({ level: 'debug' }, sink),
    health: { ...defaultHealthSettings, secretsDir },
  });
  const fromSecret = (key: string) => ({ valueFrom: { secretKeyRef: { name: 'hooks', key } } });
  await playbook('basic-hook', {
    basic: { username: { value: 'robot' }, password: fromSecret('password') },
  });
  await playbook('github-hook', { github: { token: fromSecret('github') } });
  await playbook('svix-hook', { svix: { secret: fromSecret('svix'), verifyTimestamp: '2m' } });
  await playbook('jwt-hook', { jwt: { jwksUri: jwksUrl } });
  await playbook('missing-secret-hook', { github: { token: fromSecret('nope') } });
});

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => jwks?.close(resolve));
  fs.rmSync(secretsDir, { recursive: true, force: true });
  for (const secret of secrets) expect(logged).not.toContain(secret);
});

describe('webhook authentication', () => {
  it('basic: a password from a Secret, refused when wrong or absent', async () => {
    const basic = (user: string, pass: string) => ({
      authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
    });
    expect((await post('basic-hook', '{}', basic('robot', basicPassword))).status).toBe(201);
    expect((await post('basic-hook', '{}', basic('robot', 'wrong'))).status).toBe(401);
    expect((await post('basic-hook', '{}', basic('other', basicPassword))).status).toBe(401);
    expect((await post('basic-hook', '{}', {})).status).toBe(401);
  });

  it('github: X-Hub-Signature-256 over the raw body', async () => {
    const body = '{"action":"opened","number":7}';
    const sign = (key: string, text: string) =>
      `sha256=${createHmac('sha256', key).update(text).digest('hex')}`;
    const good = await post('github-hook', body, {
      'x-hub-signature-256': sign(githubToken, body),
    });
    expect(good.status).toBe(201);
    const tampered = await post('github-hook', body.replace('7', '8'), {
      'x-hub-signature-256': sign(githubToken, body),
    });
    expect(tampered.status).toBe(401);
    expect(
      (await post('github-hook', body, { 'x-hub-signature-256': sign('x', body) })).status,
    ).toBe(401);
    expect((await post('github-hook', body, {})).status).toBe(401);
    const unreadable = await post('missing-secret-hook', body, {
      'x-hub-signature-256': sign('', body),
    });
    expect(unreadable.status).toBe(401);
  });

  it('svix: a signed delivery once, refusing replays, stale timestamps and bad signatures', async () => {
    const body = '{"type":"invoice.paid"}';
    const headers = svixHeaders('msg_1', body);
    expect((await post('svix-hook', body, headers)).status).toBe(201);
    expect((await post('svix-hook', body, headers)).status).toBe(401);
    const stale = svixHeaders('msg_2', body, Math.floor(Date.now() / 1000) - 180);
    expect((await post('svix-hook', body, stale)).status).toBe(401);
    const future = svixHeaders('msg_3', body, Math.floor(Date.now() / 1000) + 180);
    expect((await post('svix-hook', body, future)).status).toBe(401);
    const wrong = { ...svixHeaders('msg_4', body), 'svix-signature': 'v1,AAAA' };
    expect((await post('svix-hook', body, wrong)).status).toBe(401);
    expect((await post('svix-hook', '{"type":"x"}', svixHeaders('msg_5', body))).status).toBe(401);
    const standard = Object.fromEntries(
      Object.entries(svixHeaders('msg_6', body)).map(([k, v]) => [k.replace('svix', 'webhook'), v]),
    );
    expect((await post('svix-hook', body, standard)).status).toBe(201);
  });

  it('jwt: a token signed by a key of the JWKS, refusing others and expired ones', async () => {
    const token = (key: PrivateKey, expires: string | number = '5m') =>
      new SignJWT({ sub: 'ci' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuedAt()
        .setExpirationTime(expires)
        .sign(key);
    const bearer = async (value: Promise<string>) => ({ authorization: `Bearer ${await value}` });
    expect((await post('jwt-hook', '{}', await bearer(token(signingKey)))).status).toBe(201);
    expect((await post('jwt-hook', '{}', await bearer(token(otherKey)))).status).toBe(401);
    const expired = token(signingKey, Math.floor(Date.now() / 1000) - 60);
    expect((await post('jwt-hook', '{}', await bearer(expired))).status).toBe(401);
    expect((await post('jwt-hook', '{}', { authorization: 'Bearer not.a.jwt' })).status).toBe(401);
    expect((await post('jwt-hook', '{}', {})).status).toBe(401);
  });

  it('logs why a call was refused, without the secrets', () => {
    expect(logged).toContain('webhook call refused');
    expect(logged).toContain('svix: delivery id already seen (replay)');
    expect(logged).toContain('github: invalid signature');
    for (const secret of secrets) expect(logged).not.toContain(secret);
  });

  it('keeps credentials out of the run request it records', async () => {
    const rows = await app.database.db.pool.query<{ request: unknown }>(
      'select request from playbook_runs',
    );
    const stored = JSON.stringify(rows.rows);
    expect(stored).not.toContain('authorization');
    expect(stored).not.toContain('svix-signature');
    expect(stored).toContain('invoice.paid');
  });
});
