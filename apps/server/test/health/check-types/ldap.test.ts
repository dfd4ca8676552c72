import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ldapRoot, ldapSuffix, ldapUser, startSlapd } from '../fixtures/slapd.ts';
import { findFreePort } from '../../../src/platform/ports.ts';
import { connection, runCheck } from './check-context.ts';

let slapd: Awaited<ReturnType<typeof startSlapd>>;

beforeAll(async () => {
  slapd = await startSlapd();
});

afterAll(async () => {
  await slapd?.stop();
});

const people = `ou=people,${ldapSuffix}`;

function spec(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    url: slapd.url,
    username: { value: ldapRoot.dn },
    password: { value: ldapRoot.password },
    bindDN: people,
    userSearch: '(objectClass=inetOrgPerson)',
    ...extra,
  };
}

describe('ldap check', () => {
  it('binds, searches under bindDN and exposes the entries found', async () => {
    const outcome = await runCheck('ldap', spec());
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(outcome.message).toMatch(/^2 entries in \d+ms$/);
    expect(outcome.data.count).toBe(2);
    expect(outcome.data.entries).toEqual(
      expect.arrayContaining([ldapUser.dn, `uid=bob,${people}`]),
    );
  });

  it('binds as a user from the legacy host field or from a connection', async () => {
    const legacy = await runCheck(
      'ldap',
      spec({
        url: undefined,
        host: `${slapd.url}/`,
        username: ldapUser.dn,
        password: ldapUser.password,
        userSearch: '(uid=alice)',
      }),
    );
    expect(legacy.pass).toBe(true);
    expect(legacy.data.count).toBe(1);
    const connections = {
      'connection://default/dir': connection({
        type: 'ldap',
        url: slapd.url,
        username: ldapUser.dn,
        password: ldapUser.password,
      }),
    };
    const viaConnection = await runCheck(
      'ldap',
      { connection: 'connection://default/dir', bindDN: people },
      { connections },
    );
    expect(viaConnection.pass).toBe(true);
    expect(viaConnection.data.count).toBe(3);
  });

  it('fails when the bind is refused', async () => {
    const outcome = await runCheck('ldap', spec({ password: 'wrong' }));
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe(
      `bind as ${ldapRoot.dn} failed: invalid credentials (LDAP result 49)`,
    );
  });

  it('fails when nothing matches the filter, or the base does not exist', async () => {
    const none = await runCheck('ldap', spec({ userSearch: '(uid=nobody)' }));
    expect(none.pass).toBe(false);
    expect(none.error).toBe(`no entries match (uid=nobody) under ${people}`);
    expect(none.data.count).toBe(0);
    const missing = await runCheck('ldap', spec({ bindDN: `ou=robots,${ldapSuffix}` }));
    expect(missing.pass).toBe(false);
    expect(missing.error).toMatch(/^search under ou=robots,dc=vigil,dc=test failed: /);
  });

  it('marks a malformed filter as invalid without connecting', async () => {
    const outcome = await runCheck('ldap', spec({ userSearch: '(uid=alice' }));
    expect(outcome).toMatchObject({ pass: false, invalid: true });
    expect(outcome.error).toMatch(/^userSearch is not an LDAP filter/);
  });

  it('fails with the reason when the server is down', async () => {
    const port = await findFreePort();
    const outcome = await runCheck('ldap', spec({ url: `ldap://127.0.0.1:${port}` }));
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/ECONNREFUSED/);
  });

  it('gives up at the time limit when the server never answers, leaving no socket open', async () => {
    let open = 0;
    let accepted = 0;
    const silent = net.createServer((socket) => {
      open += 1;
      accepted += 1;
      socket.resume();
      socket.on('close', () => (open -= 1));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const started = Date.now();
    const outcome = await runCheck('ldap', spec({ url: `ldap://127.0.0.1:${port}` }), {
      timeoutMs: 500,
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(outcome).toMatchObject({ pass: false, error: 'timed out waiting for the LDAP server' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(accepted).toBe(1);
    expect(open).toBe(0);
    await new Promise((resolve) => silent.close(resolve));
  });
});
