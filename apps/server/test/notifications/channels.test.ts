import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedConnection } from '../../src/modules/connections/connection-resolver.ts';
import { channelFor, sendTestMessage } from '../../src/modules/notifications/channels/registry.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.length = 0;
  receiver.status = 200;
});

const message = { title: 'Check api failed', body: 'The check **api** is unhealthy' };

function connection(
  type: string,
  fields: Partial<Omit<OpenedConnection, 'type'>> = {},
): OpenedConnection {
  return {
    name: `${type}-test`,
    namespace: 'default',
    type,
    url: receiver.url,
    username: null,
    password: null,
    certificate: null,
    insecureTls: false,
    properties: {},
    ...fields,
  };
}

async function send(conn: OpenedConnection) {
  await channelFor(conn).send({
    connection: conn,
    message,
    idempotencyKey: 'evt-1',
    signal: AbortSignal.timeout(5000),
  });
  expect(receiver.received).toHaveLength(1);
  const [request] = receiver.received;
  if (!request) throw new Error('nothing received');
  return request;
}

const json = (body: string): unknown => JSON.parse(body);
const form = (body: string) => Object.fromEntries(new URLSearchParams(body));

describe('notification channels deliver their service API payload', () => {
  it('slack: incoming webhook text and a mrkdwn section', async () => {
    const got = await send(connection('slack', { url: `${receiver.url}/services/T/B/X` }));
    expect(got.method).toBe('POST');
    expect(got.path).toBe('/services/T/B/X');
    expect(got.headers['content-type']).toBe('application/json');
    const text = '*Check api failed*\nThe check **api** is unhealthy';
    expect(json(got.body)).toEqual({
      text,
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }],
    });
  });

  it('teams: a MessageCard', async () => {
    const got = await send(connection('teams'));
    expect(json(got.body)).toEqual({
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: message.title,
      title: message.title,
      text: message.body,
    });
  });

  it('discord: content', async () => {
    const got = await send(connection('discord', { url: `${receiver.url}/api/webhooks/1/tok` }));
    expect(got.path).toBe('/api/webhooks/1/tok');
    expect(json(got.body)).toEqual({ content: `**${message.title}**\n${message.body}` });
  });

  it('google chat: text', async () => {
    const got = await send(connection('google_chat'));
    expect(json(got.body)).toEqual({ text: `*${message.title}*\n${message.body}` });
  });

  it('mattermost: text with channel and username', async () => {
    const got = await send(
      connection('mattermost', { username: 'vigil', properties: { channel: 'ops' } }),
    );
    expect(json(got.body)).toEqual({
      text: `#### ${message.title}\n${message.body}`,
      channel: 'ops',
      username: 'vigil',
    });
  });

  it('rocket.chat: text with channel and alias', async () => {
    const got = await send(
      connection('rocketchat', { username: 'vigil', properties: { channel: '#ops' } }),
    );
    expect(json(got.body)).toEqual({
      text: `*${message.title}*\n${message.body}`,
      channel: '#ops',
      alias: 'vigil',
    });
  });

  it('zulip: a stream message form with the bot basic auth', async () => {
    const got = await send(
      connection('zulip_chat', {
        username: 'bot@zulip.example',
        password: 'key1',
        properties: { stream: 'alerts' },
      }),
    );
    expect(got.path).toBe('/api/v1/messages');
    expect(got.headers.authorization).toBe(
      `Basic ${Buffer.from('bot@zulip.example:key1').toString('base64')}`,
    );
    expect(form(got.body)).toEqual({
      type: 'stream',
      to: 'alerts',
      topic: message.title,
      content: message.body,
    });
  });

  it('ntfy: JSON publish with topic, markdown and a token', async () => {
    const got = await send(connection('ntfy', { password: 'tk', properties: { topic: 'ops' } }));
    expect(got.path).toBe('/');
    expect(got.headers.authorization).toBe('Bearer tk');
    expect(json(got.body)).toEqual({
      topic: 'ops',
      title: message.title,
      message: message.body,
      markdown: true,
      priority: 3,
    });
  });

  it('pushover: messages.json form with token and user', async () => {
    const got = await send(connection('pushover', { username: 'user1', password: 'app1' }));
    expect(got.path).toBe('/1/messages.json');
    expect(form(got.body)).toEqual({
      token: 'app1',
      user: 'user1',
      title: message.title,
      message: message.body,
    });
  });

  it('pushbullet: a note with the Access-Token header', async () => {
    const got = await send(connection('pushbullet', { password: 'pb' }));
    expect(got.path).toBe('/v2/pushes');
    expect(got.headers['access-token']).toBe('pb');
    expect(json(got.body)).toEqual({ type: 'note', title: message.title, body: message.body });
  });

  it('ifttt: trigger with value1..3', async () => {
    const got = await send(
      connection('ifttt', { password: 'k1', properties: { event: 'vigil_alert' } }),
    );
    expect(got.path).toBe('/trigger/vigil_alert/with/key/k1');
    expect(json(got.body)).toEqual({
      value1: message.title,
      value2: message.body,
      value3: 'evt-1',
    });
  });

  it('matrix: PUT m.room.message with the transaction id', async () => {
    const got = await send(
      connection('matrix', { password: 'mx', properties: { room: '!room:example.org' } }),
    );
    expect(got.method).toBe('PUT');
    expect(got.path).toBe('/_matrix/client/v3/rooms/!room%3Aexample.org/send/m.room.message/evt-1');
    expect(got.headers.authorization).toBe('Bearer mx');
    expect(json(got.body)).toEqual({
      msgtype: 'm.text',
      body: `${message.title}\n\n${message.body}`,
    });
  });

  it('telegram: sendMessage with chat_id', async () => {
    const got = await send(
      connection('telegram', { password: '123:abc', properties: { chats: '-100' } }),
    );
    expect(got.path).toBe('/bot123:abc/sendMessage');
    expect(json(got.body)).toEqual({
      chat_id: '-100',
      text: `${message.title}\n\n${message.body}`,
    });
  });

  it('opsgenie: an alert with GenieKey auth', async () => {
    const got = await send(
      connection('opsgenie', { password: 'og', properties: { priority: 'P2' } }),
    );
    expect(got.path).toBe('/v2/alerts');
    expect(got.headers.authorization).toBe('GenieKey og');
    expect(json(got.body)).toEqual({
      message: message.title,
      description: message.body,
      alias: 'evt-1',
      source: 'Vigil',
      priority: 'P2',
    });
  });

  it('generic webhook: POST application/json with title and message', async () => {
    const got = await send(connection('generic_webhook', { url: `${receiver.url}/hook` }));
    expect(got.method).toBe('POST');
    expect(got.headers['content-type']).toBe('application/json');
    expect(json(got.body)).toEqual({ title: message.title, message: message.body });
  });

  it('fails with the status and the origin only, never the secret path', async () => {
    receiver.status = 502;
    const conn = connection('slack', { url: `${receiver.url}/services/T/B/SECRET` });
    const failed = channelFor(conn).send({
      connection: conn,
      message,
      idempotencyKey: 'x',
      signal: AbortSignal.timeout(5000),
    });
    await expect(failed).rejects.toThrow(`POST ${receiver.url}: 502 Bad Gateway receiver down`);
    await expect(failed).rejects.not.toThrow(/SECRET/);
  });

  it('refuses a connection type that is not a channel', () => {
    expect(() => channelFor(connection('postgres'))).toThrow(/cannot send notifications/);
  });

  it('sendTestMessage sends a fixed message', async () => {
    await sendTestMessage(connection('generic_webhook'));
    expect(json(receiver.received[0]?.body ?? '')).toEqual({
      title: 'Vigil test notification',
      message: 'This is a test message from Vigil.',
    });
  });
});
