import fs from 'node:fs';
import { z } from 'zod';
import { serverLogPath } from '../server.ts';
import { secretsPath } from '../secrets.ts';
import { authStatePath, expect, responsesPath, test, type E2eRole } from '../fixtures.ts';

/** Runs last (file order): everything the other specs did is in the log and the responses. */
test.use({ storageState: authStatePath('admin') });

const recorded = z.object({ value: z.string() });
const roles: E2eRole[] = ['admin', 'editor', 'commander', 'responder', 'viewer'];

function sessionTokens(): string[] {
  return roles.flatMap((role) => {
    const state: unknown = JSON.parse(fs.readFileSync(authStatePath(role), 'utf8'));
    const cookies: unknown =
      typeof state === 'object' && state !== null && 'cookies' in state ? state.cookies : [];
    return (Array.isArray(cookies) ? cookies : []).flatMap((cookie: unknown) =>
      typeof cookie === 'object' &&
      cookie !== null &&
      'name' in cookie &&
      'value' in cookie &&
      cookie.name === 'vigil_session'
        ? [String(cookie.value)]
        : [],
    );
  });
}

function recordedSecrets(): string[] {
  if (!fs.existsSync(secretsPath)) return [];
  return fs
    .readFileSync(secretsPath, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => recorded.parse(JSON.parse(line)).value);
}

test('no password hash, TOTP secret, recovery code or session token reaches the log', () => {
  const log = fs.readFileSync(serverLogPath, 'utf8');
  expect(log.length).toBeGreaterThan(0);
  expect(log).not.toMatch(/\$argon2/);
  // Links are logged on purpose while no email connection exists; request lines mask them.
  expect(log, 'request logs mask link tokens').not.toMatch(/"url":"[^"]*token=(?!\[redacted\])/);
  const secrets = [...recordedSecrets(), ...sessionTokens()];
  expect(secrets.length).toBeGreaterThan(5);
  for (const secret of secrets) expect(log.includes(secret), 'a secret is in the log').toBe(false);
});

test('no response carried a password hash, sealed secret or session token', () => {
  const responses = fs.readFileSync(responsesPath, 'utf8');
  expect(responses).not.toMatch(/\$argon2|sealed_|token_hash|"credentials"/);
  for (const token of sessionTokens()) {
    expect(responses.includes(token), 'a session token is in a response body').toBe(false);
  }
});

test('reading identities and sessions through every API shows no secret', async ({ page }) => {
  const reads = [
    '/api/db/identities?select=*',
    '/api/db/people_roles?select=*',
    '/api/db/people?select=*',
    '/api/auth/whoami',
    '/api/identity/sessions/whoami',
  ];
  const secrets = [...recordedSecrets(), ...sessionTokens()];
  for (const path of reads) {
    const response = await page.request.get(path, { headers: { Accept: 'application/json' } });
    expect(response.status(), path).toBe(200);
    const body = await response.text();
    expect(body).not.toMatch(/\$argon2|sealed_|token_hash|"credentials"/);
    for (const secret of secrets)
      expect(body.includes(secret), `${path} leaks a secret`).toBe(false);
  }
  expect((await page.request.get('/api/db/sessions')).status()).toBe(404);
  const hidden = await page.request.get('/api/db/identities?select=credentials');
  expect(hidden.status()).toBe(400);
});
