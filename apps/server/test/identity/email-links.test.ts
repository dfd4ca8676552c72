import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLinkSender } from '../../src/modules/identity/accounts/email-link-sender.ts';
import type { AccountLink } from '../../src/modules/identity/accounts/link-sender.ts';
import { createSealer } from '../../src/platform/crypto.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';

const sealer = createSealer('email-link-test-key'.repeat(3));
let database: TestDatabase;
let smtp: SMTPServer;
let port = 0;
const received: Array<{ from: string; to: string[]; data: string; user: string }> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = new SMTPServer({
    secure: false,
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'smtp-pass-123') {
        callback(null, { user: auth.username });
      } else callback(new Error('bad credentials'));
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          user: String(session.user),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.drop();
});

const link: AccountLink = {
  kind: 'invitation',
  email: 'grace@example.com',
  url: 'http://vigil.example/api/identity/self-service/recovery?token=abc',
};

/** The email sender under test, with a fallback that records what it would have logged. */
function senderWithLogFallback() {
  const logged: AccountLink[] = [];
  const fallback = { send: async (l: AccountLink) => void logged.push(l) };
  const sender = emailLinkSender(database.db, sealer, fallback, pino({ level: 'silent' }));
  return { sender, logged };
}

describe('account links by email', () => {
  it('falls back to the log sender when no email connection exists', async () => {
    const { sender, logged } = senderWithLogFallback();
    await sender.send(link);
    expect(logged).toEqual([link]);
  });

  it('sends through the email connection over SMTP, with its sealed password', async () => {
    await database.db.pool.query(
      `insert into connections (name, type, url, username, password, properties)
       values ('mail', 'email', $1, 'mailer', $2, '{"from": "Vigil <vigil@example.com>"}')`,
      [`smtp://127.0.0.1:${port}`, sealer.seal('smtp-pass-123')],
    );
    const { sender, logged } = senderWithLogFallback();
    await sender.send(link);
    expect(logged).toEqual([]);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      from: 'vigil@example.com',
      to: ['grace@example.com'],
      user: 'mailer',
    });
    expect(received[0]?.data).toContain('Subject: You are invited to Vigil');
    expect(received[0]?.data).toContain(link.url);
  });
});
