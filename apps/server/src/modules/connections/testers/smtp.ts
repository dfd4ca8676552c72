import { lazyModule } from '../../../platform/lazy-module.ts';
import { ConnectionTestFailed, textProperty, type ConnectionTester } from './connection-tester.ts';

const mailer = lazyModule(() => import('nodemailer'));

/** Opens an SMTP session: greeting, STARTTLS as configured, and AUTH when there is a user. */
export const smtpTester: ConnectionTester = {
  type: 'email',
  async test(connection, ctx) {
    const fromUrl = connection.url ? new URL(connection.url) : undefined;
    const host = textProperty(connection, 'host') ?? fromUrl?.hostname;
    if (!host) throw new ConnectionTestFailed('The connection has no host');
    const port = Number(textProperty(connection, 'port') ?? (fromUrl?.port || 587));
    const encryption = textProperty(connection, 'encryption') ?? 'Auto';
    const { default: nodemailer } = await mailer();
    const transport = nodemailer.createTransport({
      host,
      port,
      secure: encryption === 'ImplicitTLS' || (encryption === 'Auto' && port === 465),
      requireTLS: encryption === 'ExplicitTLS',
      ignoreTLS: encryption === 'None',
      ...(connection.username
        ? { auth: { user: connection.username, pass: connection.password ?? '' } }
        : {}),
      tls: { rejectUnauthorized: !connection.insecureTls },
      connectionTimeout: ctx.timeoutMs,
      greetingTimeout: ctx.timeoutMs,
      socketTimeout: ctx.timeoutMs,
    });
    try {
      await transport.verify();
    } catch (error) {
      throw new ConnectionTestFailed(error instanceof Error ? error.message : String(error));
    } finally {
      transport.close();
    }
  },
};
