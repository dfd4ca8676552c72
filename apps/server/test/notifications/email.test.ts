import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { channelFor } from '../../src/modules/notifications/channels/registry.ts';

interface Mail {
  from: string;
  to: string[];
  data: string;
  user: string | undefined;
}

const mails: Mail[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') {
        callback(null, { user: auth.username });
      } else callback(new Error('bad credentials'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  port = address.port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const smtp = (password: string) => ({
  name: 'smtp',
  namespace: 'default',
  type: 'email',
  url: `smtp://127.0.0.1:${port}`,
  username: 'mailer',
  password,
  certificate: null,
  insecureTls: false,
  properties: { from: 'vigil@example.org', to: 'ops@example.org', encryption: 'None' },
});

it('sends the rendered message over SMTP with auth, to the connection or a person', async () => {
  const message = { title: 'Check api failed', body: 'The check api is unhealthy' };
  const send = (to?: string) =>
    channelFor(smtp('s3cret')).send({
      connection: smtp('s3cret'),
      message,
      idempotencyKey: 'k',
      signal: AbortSignal.timeout(10_000),
      ...(to ? { to } : {}),
    });
  await send();
  await send('alice@example.org');
  expect(mails.map((m) => [m.from, m.to, m.user])).toEqual([
    ['vigil@example.org', ['ops@example.org'], 'mailer'],
    ['vigil@example.org', ['alice@example.org'], 'mailer'],
  ]);
  expect(mails[0]?.data).toContain('Subject: Check api failed');
  expect(mails[0]?.data).toContain('The check api is unhealthy');
});

it('reports the SMTP server refusing the credentials', async () => {
  const connection = smtp('wrong');
  await expect(
    channelFor(connection).send({
      connection,
      message: { title: 't', body: 'b' },
      idempotencyKey: 'k',
      signal: AbortSignal.timeout(10_000),
    }),
  ).rejects.toThrow(/SMTP 127\.0\.0\.1:\d+: .*Invalid login|bad credentials/);
});
