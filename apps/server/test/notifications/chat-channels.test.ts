import { describe, expect, it } from 'vitest';
import {
  basic,
  form,
  json,
  message,
  text,
  useChannelDelivery,
} from './channel-delivery-harness.ts';

const h = useChannelDelivery();
const blocks = [{ type: 'section', text: { type: 'mrkdwn', text } }];

describe('chat channels deliver what the settings form stores', () => {
  it('slack: chat.postMessage with the bot token and channel; the token is stored sealed', async () => {
    const [got, ...rest] = await h.deliver({
      type: 'slack',
      password: 'xoxb-123-abc',
      properties: { host: h.receiver.url, channel: '#alerts', username: 'Vigil' },
    });
    expect(rest).toEqual([]);
    expect(got?.method).toBe('POST');
    expect(got?.path).toBe('/api/chat.postMessage');
    expect(got?.headers.authorization).toBe('Bearer xoxb-123-abc');
    expect(got?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json(got?.body ?? '')).toEqual({ channel: '#alerts', text, blocks, username: 'Vigil' });
    expect(await h.storedPassword('slack')).not.toContain('xoxb');
  });

  it('slack: an HTTP 200 with ok false is a failed delivery', async () => {
    h.receiver.answer = '{"ok":false,"error":"channel_not_found"}';
    await expect(
      h.deliver({
        type: 'slack',
        password: 'x',
        properties: { host: h.receiver.url, channel: 'c' },
      }),
    ).rejects.toThrow('Slack: channel_not_found');
  });

  it('slackwebhook: text and blocks to the hooks path, no channel', async () => {
    const [got] = await h.deliver({
      type: 'slackwebhook',
      password: 'T0001/B0002/XyZ',
      properties: { host: h.receiver.url },
    });
    expect(got?.path).toBe('/services/T0001/B0002/XyZ');
    expect(got?.headers.authorization).toBeUndefined();
    expect(json(got?.body ?? '')).toEqual({ text, blocks });
  });

  it('discord: content to /api/webhooks/{id}/{token}', async () => {
    const [got] = await h.deliver({
      type: 'discord',
      username: '4242',
      password: 'tok-en',
      properties: { host: h.receiver.url },
    });
    expect(got?.path).toBe('/api/webhooks/4242/tok-en');
    expect(json(got?.body ?? '')).toEqual({ content: `**${message.title}**\n${message.body}` });
  });

  it('google chat: text to the space with key and token in the query', async () => {
    const [got] = await h.deliver({
      type: 'google_chat',
      username: 'k-1',
      password: 't-1',
      properties: { host: h.receiver.url, space: 'AAAA1' },
    });
    expect(got?.path).toBe('/v1/spaces/AAAA1/messages?key=k-1&token=t-1');
    expect(json(got?.body ?? '')).toEqual({ text });
  });

  it('mattermost: text, channel and display name to /hooks/{token}', async () => {
    const [got] = await h.deliver({
      type: 'mattermost',
      password: 'hook-1',
      properties: { host: h.receiver.url, channel: 'ops', username: 'Vigil' },
    });
    expect(got?.path).toBe('/hooks/hook-1');
    expect(json(got?.body ?? '')).toEqual({
      text: `#### ${message.title}\n${message.body}`,
      channel: 'ops',
      username: 'Vigil',
    });
  });

  it('rocket.chat: text, channel and alias to /hooks/{token}', async () => {
    const [got] = await h.deliver({
      type: 'rocketchat',
      password: 'abc/def',
      properties: { host: h.receiver.url, channel: '#ops', username: 'Vigil' },
    });
    expect(got?.path).toBe('/hooks/abc/def');
    expect(json(got?.body ?? '')).toEqual({ text, channel: '#ops', alias: 'Vigil' });
  });

  it('teams: a MessageCard to the webhook path', async () => {
    const [got] = await h.deliver({
      type: 'teams',
      password: 'webhookb2/g@t/IncomingWebhook/x/y',
      properties: { host: h.receiver.url },
    });
    expect(got?.path).toBe('/webhookb2/g@t/IncomingWebhook/x/y');
    expect(json(got?.body ?? '')).toEqual({
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: message.title,
      title: message.title,
      text: message.body,
    });
  });

  it('zulip: a stream message form with the bot email and key as basic auth', async () => {
    const [got] = await h.deliver({
      type: 'zulip_chat',
      username: 'bot@zulip.example',
      password: 'k3y',
      properties: { host: h.receiver.url, stream: 'ops', topic: 'alerts' },
    });
    expect(got?.path).toBe('/api/v1/messages');
    expect(got?.headers.authorization).toBe(basic('bot@zulip.example:k3y'));
    expect(form(got?.body ?? '')).toEqual({
      type: 'stream',
      to: 'ops',
      topic: 'alerts',
      content: message.body,
    });
  });

  it('matrix: PUT m.room.message with the transaction id and the access token', async () => {
    const [got] = await h.deliver({
      type: 'matrix',
      password: 'syt_abc',
      properties: { host: h.receiver.url, room: '!room:matrix.org' },
    });
    expect(got?.method).toBe('PUT');
    expect(got?.path).toBe('/_matrix/client/v3/rooms/!room%3Amatrix.org/send/m.room.message/evt-1');
    expect(got?.headers.authorization).toBe('Bearer syt_abc');
    expect(json(got?.body ?? '')).toEqual({
      msgtype: 'm.text',
      body: `${message.title}\n\n${message.body}`,
    });
  });
});
