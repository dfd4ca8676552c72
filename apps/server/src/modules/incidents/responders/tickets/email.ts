import { lazyModule } from '../../../../platform/lazy-module.ts';
import type { OpenedConnection } from '../../../connections/index.ts';
import { defineTicketClient, TicketError, responderClientConfig } from './ticket-client.ts';

const mailer = lazyModule(() => import('nodemailer'));

function transportOptions(connection: OpenedConnection) {
  if (!connection.url) throw new TicketError(`connection ${connection.name} has no url`);
  const url = new URL(connection.url.includes('://') ? connection.url : `smtp://${connection.url}`);
  const implicit = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: Number(url.port || (implicit ? 465 : 587)),
    secure: implicit,
    tls: { rejectUnauthorized: !connection.insecureTls },
    connectionTimeout: 10_000,
    ...(connection.username && connection.password
      ? { auth: { user: connection.username, pass: connection.password } }
      : {}),
  };
}

/** Sends one mail through an SMTP connection and answers its Message-ID. */
export async function sendTicketMail(
  connection: OpenedConnection,
  mail: { to: string; subject: string; text: string },
  signal: AbortSignal,
): Promise<string> {
  const { default: nodemailer } = await mailer();
  const transport = nodemailer.createTransport(transportOptions(connection));
  const abort = (): void => transport.close();
  signal.addEventListener('abort', abort, { once: true });
  try {
    const from = connection.properties.from;
    const sent = await transport.sendMail({
      from: typeof from === 'string' ? from : (connection.username ?? 'vigil@localhost'),
      ...mail,
    });
    return sent.messageId;
  } catch (error) {
    throw new TicketError(`SMTP: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    signal.removeEventListener('abort', abort);
    transport.close();
  }
}

/** An email responder: the message goes out by SMTP; its Message-ID is the external id. */
export const emailTickets = defineTicketClient({
  type: 'email',
  config: responderClientConfig,
  async open({ connection, fields, signal }) {
    const to = fields.to ?? '';
    const text = fields.body ?? '';
    const externalId = await sendTicketMail(
      connection,
      { to, subject: fields.subject ?? '', text },
      signal,
    );
    return { externalId };
  },
});
