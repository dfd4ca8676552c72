import { lazyModule } from '../../../platform/lazy-module.ts';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Sealer } from '../../../platform/crypto.ts';
import type { Database, Queryable } from '../../../platform/db.ts';
import type { AccountLink, LinkSender } from './link-sender.ts';

/** Loaded with the first email sent, not at start-up. */
const mailer = lazyModule(() => import('nodemailer'));

const emailConnection = z.object({
  url: z.string(),
  username: z.string().nullable(),
  password: z.string().nullable(),
  insecure_tls: z.boolean(),
  properties: z.object({ from: z.string().optional() }).catchall(z.unknown()),
});
type EmailConnection = z.infer<typeof emailConnection>;

/** The newest email connection (url smtp://host:port or smtps://…), if one is configured. */
async function findEmailConnection(db: Queryable): Promise<EmailConnection | undefined> {
  const result = await db.query(
    `select url, username, password, insecure_tls, properties from connections
     where type = 'email' and deleted_at is null and url is not null
     order by updated_at desc limit 1`,
  );
  return result.rows[0] === undefined ? undefined : emailConnection.parse(result.rows[0]);
}

const subjects: Record<AccountLink['kind'], string> = {
  invitation: 'You are invited to Vigil',
  recovery: 'Recover your Vigil account',
  verification: 'Verify your email address for Vigil',
};

/**
 * Sends account links by email through the configured email connection; without one, the
 * link goes to the log (the fallback sender). The connection's password is sealed at rest.
 */
export function emailLinkSender(
  db: Database,
  sealer: Sealer,
  fallback: LinkSender,
  log: Logger,
): LinkSender {
  return {
    async send(link) {
      const connection = await findEmailConnection(db.pool);
      if (!connection) return fallback.send(link);
      const url = new URL(connection.url);
      const password = connection.password?.startsWith('v1.')
        ? sealer.open(connection.password)
        : (connection.password ?? undefined);
      const { default: nodemailer } = await mailer();
      const transport = nodemailer.createTransport({
        host: url.hostname,
        port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
        secure: url.protocol === 'smtps:',
        ...(connection.username
          ? { auth: { user: connection.username, pass: password ?? '' } }
          : {}),
        tls: { rejectUnauthorized: !connection.insecure_tls },
      });
      await transport.sendMail({
        from: connection.properties.from ?? `Vigil <no-reply@${url.hostname}>`,
        to: link.email,
        subject: subjects[link.kind],
        text: `${subjects[link.kind]}.\n\nOpen this link within its time limit; it works once:\n${link.url}\n`,
      });
      log.info({ kind: link.kind, email: link.email }, 'account link sent by email');
    },
  };
}
