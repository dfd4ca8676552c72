import { connectionTypeDefinitions, notificationChannelTypes } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedConnection } from '../../src/modules/connections/connection-resolver.ts';
import {
  channelFor,
  notificationChannels,
  sendTestMessage,
} from '../../src/modules/notifications/channels/registry.ts';
import { startReceiver, type Receiver } from './receiver.ts';

// Each channel's request is asserted end to end in chat-channels and push-channels tests.
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

function connection(type: string): OpenedConnection {
  return {
    name: `${type}-test`,
    namespace: 'default',
    type,
    url: `${receiver.url}/hook`,
    username: null,
    password: null,
    certificate: null,
    insecureTls: false,
    properties: {},
  };
}

describe('notification channel registry', () => {
  it('has one channel for every notification connection type, and no other', () => {
    const notifying = Object.values(connectionTypeDefinitions)
      .filter((definition) => definition.notification === true)
      .map((definition) => definition.type)
      .sort();
    expect([...notificationChannels.keys()].sort()).toEqual(notifying);
    expect([...notificationChannelTypes].sort()).toEqual(notifying);
  });

  it('refuses a connection type that is not a channel', () => {
    expect(() => channelFor(connection('postgres'))).toThrow(/cannot send notifications/);
    expect(() => channelFor(connection('webhook'))).toThrow(/cannot send notifications/);
  });

  it('sendTestMessage sends a fixed message', async () => {
    await sendTestMessage(connection('generic_webhook'));
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toEqual({
      title: 'Vigil test notification',
      message: 'This is a test message from Vigil.',
    });
  });
});
