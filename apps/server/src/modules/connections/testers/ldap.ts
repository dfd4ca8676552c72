import { ldapErrorText, ldapts } from '../../health/index.ts';
import { ConnectionTestFailed, requireUrl, type ConnectionTester } from './connection-tester.ts';

/** Binds as the connection's user (anonymously without one) and reads the root DSE. */
export const ldapTester: ConnectionTester = {
  type: 'ldap',
  async test(connection, ctx) {
    const url = requireUrl(connection);
    // ldapts speaks TLS whenever tlsOptions is given, so only ldaps:// gets them.
    const tls = url.startsWith('ldaps:')
      ? { tlsOptions: { rejectUnauthorized: !connection.insecureTls } }
      : {};
    const { Client } = await ldapts();
    const client = new Client({
      url,
      timeout: ctx.timeoutMs,
      connectTimeout: ctx.timeoutMs,
      ...tls,
    });
    try {
      if (connection.username) await client.bind(connection.username, connection.password ?? '');
      await client.search('', {
        scope: 'base',
        filter: '(objectClass=*)',
        attributes: ['namingContexts'],
      });
    } catch (error) {
      throw new ConnectionTestFailed(ldapErrorText(error));
    } finally {
      await client.unbind().catch(() => undefined);
    }
  },
};
