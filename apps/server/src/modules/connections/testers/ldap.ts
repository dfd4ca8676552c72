import { Client } from 'ldapts';
import { ConnectionTestFailed, requireUrl, type ConnectionTester } from './connection-tester.ts';

/** Binds as the connection's user (anonymously without one) and reads the root DSE. */
export const ldapTester: ConnectionTester = {
  type: 'ldap',
  async test(connection, ctx) {
    const client = new Client({
      url: requireUrl(connection),
      timeout: ctx.timeoutMs,
      connectTimeout: ctx.timeoutMs,
      tlsOptions: { rejectUnauthorized: !connection.insecureTls },
    });
    try {
      if (connection.username) await client.bind(connection.username, connection.password ?? '');
      await client.search('', {
        scope: 'base',
        filter: '(objectClass=*)',
        attributes: ['namingContexts'],
      });
    } catch (error) {
      throw new ConnectionTestFailed(error instanceof Error ? error.message : String(error));
    } finally {
      await client.unbind().catch(() => undefined);
    }
  },
};
