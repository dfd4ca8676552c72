import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.ts';
import { createConnection, outcomeOf, testConnection } from '../connections/connections-harness.ts';
import { startTestApp } from '../health/health-harness.ts';
import { startReceiver, type Receiver } from './receiver.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';

let app: TestApp;
let receiver: Receiver;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

beforeAll(async () => {
  [app, receiver, smtp] = await Promise.all([startTestApp(), startReceiver(), startSmtpReceiver()]);
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
  await smtp?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.status = 200;
  receiver.answer = '{"ok":true}';
});

const slack = (name: string, host: string) =>
  createConnection(app, {
    name,
    type: 'slack',
    password: 'xoxb-test',
    properties: { host, channel: '#ops' },
  });

/** A loopback port that nothing listens on: a receiver started and closed again. */
async function deadPort(): Promise<string> {
  const gone = await startReceiver();
  await gone.close();
  return gone.url;
}

describe('POST /api/connection/test/{id} for notification connections', () => {
  it('sends a real test message through the channel and answers ok', async () => {
    const id = await slack('slack-live', receiver.url);
    const answer = await testConnection(app, id);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ message: 'ok' });
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got?.path).toBe('/api/chat.postMessage');
    expect(got?.headers.authorization).toBe('Bearer xoxb-test');
    expect(JSON.parse(got?.body ?? '')).toMatchObject({
      channel: '#ops',
      text: '*Vigil test notification*\nThis is a test message from Vigil.',
    });
  });

  it('answers 400 with the delivery error for a 500, a refusal in the body or a dead port', async () => {
    const id = await slack('slack-refusing', receiver.url);
    receiver.status = 500;
    const failed = await testConnection(app, id);
    expect(failed.status).toBe(400);
    expect(outcomeOf(failed)).toBe(`POST ${receiver.url}: 500 Internal Server Error receiver down`);
    receiver.status = 200;
    receiver.answer = '{"ok":false,"error":"not_in_channel"}';
    expect(outcomeOf(await testConnection(app, id))).toBe('Slack: not_in_channel');
    const dead = await deadPort();
    const unreachable = await testConnection(app, await slack('slack-dead', dead));
    expect(unreachable.status).toBe(400);
    expect(outcomeOf(unreachable)).toMatch(new RegExp(`^POST ${dead}: .*ECONNREFUSED`));
    expect(outcomeOf(unreachable)).not.toContain('xoxb-test');
  });

  it('keeps the SMTP session test for email: no mail is sent', async () => {
    const id = await createConnection(app, {
      name: 'mail',
      type: 'email',
      properties: {
        host: '127.0.0.1',
        port: smtp.port,
        encryption: 'None',
        from: 'v@x.org',
        to: 'ops@x.org',
      },
    });
    const answer = await testConnection(app, id);
    expect(answer.status).toBe(200);
    expect(smtp.mails).toHaveLength(0);
  });

  it('lets admin and editor test, refuses commander, responder, viewer and anonymous', async () => {
    const id = await slack('slack-roles', receiver.url);
    for (const role of ['admin', 'editor'] as const) {
      expect((await testConnection(app, id, role)).status).toBe(200);
    }
    for (const role of ['commander', 'responder', 'viewer'] as const) {
      expect((await testConnection(app, id, role)).status).toBe(403);
    }
    expect((await testConnection(app, id, 'anonymous')).status).toBe(401);
    expect(receiver.received).toHaveLength(2);
  });
});
