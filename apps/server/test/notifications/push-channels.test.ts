import { describe, expect, it } from 'vitest';
import { basic, form, json, message, useChannelDelivery } from './channel-delivery-harness.ts';

const h = useChannelDelivery();

describe('push and alerting channels deliver what the settings form stores', () => {
  it('telegram: sendMessage once per chat, with the bot token in the path', async () => {
    const got = await h.deliver({
      type: 'telegram',
      password: '123456:AAE-x_y',
      properties: { host: h.receiver.url, chats: '-1001, @ops' },
    });
    expect(got.map((request) => request.path)).toEqual([
      '/bot123456:AAE-x_y/sendMessage',
      '/bot123456:AAE-x_y/sendMessage',
    ]);
    const text = `${message.title}\n\n${message.body}`;
    expect(got.map((request) => json(request.body))).toEqual([
      { chat_id: '-1001', text },
      { chat_id: '@ops', text },
    ]);
  });

  it('pushover: a messages.json form with the API token, user key and devices', async () => {
    const [got] = await h.deliver({
      type: 'pushover',
      password: 'app-token',
      username: 'user-key',
      properties: { host: h.receiver.url, devices: 'phone' },
    });
    expect(got?.path).toBe('/1/messages.json');
    expect(got?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form(got?.body ?? '')).toEqual({
      token: 'app-token',
      user: 'user-key',
      title: message.title,
      message: message.body,
      device: 'phone',
    });
  });

  it('pushbullet: one note per target with the Access-Token header', async () => {
    const got = await h.deliver({
      type: 'pushbullet',
      password: 'o.token',
      properties: { host: h.receiver.url, targets: 'ujdev1, #ops, a@b.org' },
    });
    expect(got.map((request) => request.path)).toEqual(['/v2/pushes', '/v2/pushes', '/v2/pushes']);
    expect(got[0]?.headers['access-token']).toBe('o.token');
    const note = { type: 'note', title: message.title, body: message.body };
    expect(got.map((request) => json(request.body))).toEqual([
      { ...note, device_iden: 'ujdev1' },
      { ...note, channel_tag: 'ops' },
      { ...note, email: 'a@b.org' },
    ]);
  });

  it('ntfy: JSON publish to the server root with the topic and basic auth', async () => {
    const [got] = await h.deliver({
      type: 'ntfy',
      username: 'ops',
      password: 'pw',
      properties: { host: h.receiver.url, topic: 'alerts' },
    });
    expect(got?.path).toBe('/');
    expect(got?.headers.authorization).toBe(basic('ops:pw'));
    expect(json(got?.body ?? '')).toEqual({
      topic: 'alerts',
      title: message.title,
      message: message.body,
      markdown: true,
      priority: 3,
    });
  });

  it('opsgenie: an alert with GenieKey auth at /v2/alerts', async () => {
    const [got] = await h.deliver({
      type: 'opsgenie',
      password: 'genie-key',
      properties: { host: h.receiver.url, port: 443 },
    });
    expect(got?.path).toBe('/v2/alerts');
    expect(got?.headers.authorization).toBe('GenieKey genie-key');
    expect(json(got?.body ?? '')).toEqual({
      message: message.title,
      description: message.body,
      alias: 'evt-1',
      source: 'Vigil',
    });
  });

  it('ifttt: value1..3 to /trigger/{event}/with/key/{key}', async () => {
    const [got] = await h.deliver({
      type: 'ifttt',
      password: 'maker-key',
      properties: { host: h.receiver.url, event: 'vigil alert' },
    });
    expect(got?.path).toBe('/trigger/vigil%20alert/with/key/maker-key');
    expect(json(got?.body ?? '')).toEqual({
      value1: message.title,
      value2: message.body,
      value3: 'evt-1',
    });
  });

  it('generic webhook: PUT with the configured keys and basic auth to its own url', async () => {
    const [got] = await h.deliver({
      type: 'generic_webhook',
      url: `${h.receiver.url}/hook?x=1`,
      username: 'u',
      password: 'p',
      properties: {
        method: 'PUT',
        contentType: 'application/json',
        titleKey: 't',
        messageKey: 'm',
      },
    });
    expect(got?.method).toBe('PUT');
    expect(got?.path).toBe('/hook?x=1');
    expect(got?.headers.authorization).toBe(basic('u:p'));
    expect(json(got?.body ?? '')).toEqual({ t: message.title, m: message.body });
  });

  it('a refused delivery names the status and origin, never the secret path', async () => {
    h.receiver.status = 500;
    const failed = h.deliver({
      type: 'slackwebhook',
      password: 'T/B/secret-path',
      properties: { host: h.receiver.url },
    });
    await expect(failed).rejects.toThrow(`POST ${h.receiver.url}: 500`);
    await expect(failed).rejects.not.toThrow('secret-path');
  });
});
