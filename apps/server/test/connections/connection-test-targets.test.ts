import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.ts';
import { startPrometheus } from '../health/fixtures/prometheus.ts';
import { ldapRoot, startSlapd } from '../health/fixtures/slapd.ts';
import { sftpUser, startSshd } from '../health/fixtures/sshd.ts';
import { startTestApp } from '../health/health-harness.ts';
import { createConnection, outcomeOf, testConnection } from './connections-harness.ts';
import { startGitServer, type GitServer } from './git-http-server.ts';

let app: TestApp;
let prometheus: Awaited<ReturnType<typeof startPrometheus>>;
let sshd: Awaited<ReturnType<typeof startSshd>>;
let slapd: Awaited<ReturnType<typeof startSlapd>>;
let git: GitServer;
let smtp: SMTPServer;
let smtpPort = 0;

beforeAll(async () => {
  [app, prometheus, sshd, slapd, git] = await Promise.all([
    startTestApp(),
    startPrometheus(),
    startSshd(),
    startSlapd(),
    startGitServer(),
  ]);
  smtp = new SMTPServer({
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'smtp-pass') {
        callback(null, { user: 'mailer' });
      } else callback(new Error('Invalid username or password'));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  smtpPort = typeof address === 'object' && address ? address.port : 0;
}, 60_000);

afterAll(async () => {
  await Promise.all([
    app?.close(),
    prometheus?.stop(),
    sshd?.stop(),
    slapd?.stop(),
    git?.close(),
    new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve())),
  ]);
});

async function outcome(body: Record<string, unknown>): Promise<string> {
  return outcomeOf(await testConnection(app, await createConnection(app, body)));
}

let names = 0;
const named = (body: Record<string, unknown>) => ({ name: `t${++names}`, ...body });

describe('connection tests against real servers', () => {
  it('queries prometheus', async () => {
    expect(await outcome(named({ type: 'prometheus', url: prometheus.url }))).toBe('ok');
    expect(await outcome(named({ type: 'prometheus', url: 'http://127.0.0.1:9' }))).toMatch(
      /ECONNREFUSED|connect/,
    );
  });

  it('logs in over sftp, and reports a refused password', async () => {
    const base = {
      type: 'sftp',
      username: sftpUser,
      properties: { host: '127.0.0.1', port: sshd.port },
    };
    expect(await outcome(named({ ...base, password: sshd.password }))).toBe('ok');
    expect(await outcome(named({ ...base, password: 'wrong' }))).toMatch(/authentication/i);
  });

  it('binds to ldap, and reports invalid credentials', async () => {
    const base = { type: 'ldap', url: slapd.url, username: ldapRoot.dn };
    expect(await outcome(named({ ...base, password: ldapRoot.password }))).toBe('ok');
    expect(await outcome(named({ ...base, password: 'wrong' }))).toBe(
      'invalid credentials (LDAP result 49)',
    );
  });

  it('authenticates to smtp, and reports a refused login', async () => {
    const base = {
      type: 'email',
      username: 'mailer',
      properties: { host: '127.0.0.1', port: smtpPort, encryption: 'None', from: 'ops@x.test' },
    };
    expect(await outcome(named({ ...base, password: 'smtp-pass' }))).toBe('ok');
    expect(await outcome(named({ ...base, password: 'wrong' }))).toMatch(/Invalid login|535/);
  });

  it('lists refs over git smart http and finds the ref', async () => {
    const base = { type: 'git', url: git.url, username: 'git-user' };
    const props = (ref: string) => ({ properties: { ref, authentication: 'basic' } });
    expect(await outcome(named({ ...base, password: 'git-pass', ...props('main') }))).toBe('ok');
    expect(await outcome(named({ ...base, password: 'git-pass', ...props('nope') }))).toBe(
      `ref nope was not found in ${git.url}`,
    );
    expect(await outcome(named({ ...base, password: 'wrong', ...props('main') }))).toMatch(/401/);
    const ssh = named({ type: 'git', url: 'git@x:y.git', properties: { authentication: 'ssh' } });
    expect(await outcome(ssh)).toBe('We currently do not support testing this connection type');
  });
});
