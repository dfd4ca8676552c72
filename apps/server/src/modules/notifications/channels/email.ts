import { lazyModule } from '../../../platform/lazy-module.ts';
import type { OpenedConnection } from '../../connections/index.ts';
import type { NotificationChannel } from './channel.ts';
import { DeliveryError, property, requiredUrl } from './http-delivery.ts';

// Loaded at the first email: a server that never sends one does not hold it in memory.
const mailer = lazyModule(() => import('nodemailer'));

/** SMTP via nodemailer. Encryption Auto upgrades with STARTTLS when offered (spec 002 §9). */
export const emailChannel: NotificationChannel = {
  type: 'email',
  label: 'Email',
  async send({ connection, message, to, signal }) {
    const recipient = to ?? property(connection, 'to');
    if (!recipient) throw new DeliveryError(`connection ${connection.name} has no recipient (to)`);
    const { default: nodemailer } = await mailer();
    const transport = nodemailer.createTransport(smtpOptions(connection));
    const abort = (): void => transport.close();
    signal.addEventListener('abort', abort, { once: true });
    try {
      await transport.sendMail({
        from: sender(connection),
        to: recipient,
        subject: message.title || 'Vigil notification',
        text: message.body,
      });
    } catch (error) {
      const host = new URL(smtpUrl(connection)).host;
      throw new DeliveryError(
        `SMTP ${host}: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      signal.removeEventListener('abort', abort);
      transport.close();
    }
  },
};

/** The form's From address and optional From name. */
function sender(connection: OpenedConnection): string | { name: string; address: string } {
  const address = property(connection, 'from') ?? connection.username ?? 'vigil@localhost';
  const name = property(connection, 'fromName');
  return name ? { name, address } : address;
}

function smtpUrl(connection: OpenedConnection): string {
  const raw = requiredUrl(connection);
  return raw.includes('://') ? raw : `smtp://${raw}`;
}

function smtpOptions(connection: OpenedConnection) {
  const url = new URL(smtpUrl(connection));
  const encryption = property(connection, 'encryption') ?? 'Auto';
  const implicit = encryption === 'ImplicitTLS' || url.protocol === 'smtps:';
  const port = Number(url.port || property(connection, 'port') || (implicit ? 465 : 587));
  return {
    host: url.hostname,
    port,
    secure: implicit,
    ignoreTLS: encryption === 'None',
    requireTLS: encryption === 'ExplicitTLS',
    tls: { rejectUnauthorized: !connection.insecureTls },
    connectionTimeout: 10_000,
    ...(connection.username && connection.password
      ? { auth: { user: connection.username, pass: connection.password } }
      : {}),
  };
}
