import { lazyModule } from '../../../platform/lazy-module.ts';
import { ConnectionTestFailed, textProperty, type ConnectionTester } from './connection-tester.ts';

const sftpModule = lazyModule(() => import('ssh2-sftp-client'));

/** Logs in over SSH and lists the connection's path (the login directory without one). */
export const sftpTester: ConnectionTester = {
  type: 'sftp',
  async test(connection, ctx) {
    const fromUrl = connection.url ? new URL(connection.url) : undefined;
    const host = textProperty(connection, 'host') ?? fromUrl?.hostname;
    if (!host) throw new ConnectionTestFailed('The connection has no host');
    const port = Number(textProperty(connection, 'port') ?? (fromUrl?.port || 22));
    const { default: SftpClient } = await sftpModule();
    // Callbacks replace the library's global listeners, which log every close.
    const client = new SftpClient('vigil-connection-test', { error: () => {}, close: () => {} });
    try {
      await client.connect({
        host,
        port,
        username: connection.username ?? '',
        password: connection.password ?? '',
        readyTimeout: ctx.timeoutMs,
        retries: 0,
      });
      await client.list(textProperty(connection, 'path') ?? '.');
    } catch (error) {
      throw new ConnectionTestFailed(error instanceof Error ? error.message : String(error));
    } finally {
      await client.end().catch(() => undefined);
    }
  },
};
