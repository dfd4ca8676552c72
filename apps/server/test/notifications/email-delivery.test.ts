import { afterAll, beforeAll, expect, it } from 'vitest';
import { message, useChannelDelivery } from './channel-delivery-harness.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';

const h = useChannelDelivery();
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(() => smtp.close());

it('email: the form’s SMTP host, port, credentials, from and to deliver one mail', async () => {
  await h.deliver({
    type: 'email',
    username: 'mailer',
    password: 's3cret',
    properties: {
      host: '127.0.0.1',
      port: smtp.port,
      encryption: 'None',
      auth: 'Plain',
      from: 'vigil@example.org',
      fromName: 'Vigil',
      to: 'ops@example.org, oncall@example.org',
    },
  });
  expect(smtp.mails.map((mail) => [mail.from, mail.to, mail.user])).toEqual([
    ['vigil@example.org', ['ops@example.org', 'oncall@example.org'], 'mailer'],
  ]);
  expect(smtp.mails[0]?.data).toContain('From: Vigil <vigil@example.org>');
  expect(smtp.mails[0]?.data).toContain(`Subject: ${message.title}`);
  expect(await h.storedPassword('email')).not.toContain('s3cret');
});
