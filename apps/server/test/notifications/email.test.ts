import { afterAll, beforeAll, expect, it } from 'vitest';
import { channelFor } from '../../src/modules/notifications/channels/registry.ts';
import { startSmtpReceiver, type Mail } from './smtp-receiver.ts';

let smtpServer: Awaited<ReturnType<typeof startSmtpReceiver>>;
let port = 0;
let mails: Mail[] = [];

beforeAll(async () => {
  smtpServer = await startSmtpReceiver();
  port = smtpServer.port;
  mails = smtpServer.mails;
});

afterAll(() => smtpServer.close());

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
