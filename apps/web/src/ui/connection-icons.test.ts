import { canNotify, connectionTypes } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { connectionIcon } from './connection-icons.ts';

describe('connectionIcon', () => {
  it('gives every connection type an icon', () => {
    for (const type of connectionTypes) expect(connectionIcon(type), type).toBeDefined();
  });

  it('tells the notification channels apart (a Slack webhook looks like Slack)', () => {
    const channels = connectionTypes.filter((type) => canNotify(type) && type !== 'slackwebhook');
    const icons = new Set(channels.map((type) => connectionIcon(type)));
    expect(channels.length).toBeGreaterThan(10);
    expect(icons.size).toBe(channels.length);
    expect(connectionIcon('slackwebhook')).toBe(connectionIcon('slack'));
  });
});
