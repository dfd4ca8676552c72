import { describe, expect, it } from 'vitest';
import { agentCreateSchema, agentPatchSchema, agentStatus } from './agent.ts';

describe('agentStatus', () => {
  const now = Date.parse('2026-01-01T00:01:00Z');

  it('is Online within 61 s of last_seen and Offline after', () => {
    expect(agentStatus('2026-01-01T00:00:00Z', now)).toBe('Online');
    expect(agentStatus(new Date(now - 61_000), now)).toBe('Online');
    expect(agentStatus(new Date(now - 61_001), now)).toBe('Offline');
  });

  it('is Offline when never seen or unreadable', () => {
    expect(agentStatus(null, now)).toBe('Offline');
    expect(agentStatus(undefined, now)).toBe('Offline');
    expect(agentStatus('not a date', now)).toBe('Offline');
  });
});

describe('agentCreateSchema', () => {
  it('fills kubernetes defaults: disabled, every 30m, no exclusions', () => {
    expect(agentCreateSchema.parse({ name: ' edge ' })).toEqual({
      name: 'edge',
      properties: {},
      kubernetes: { enabled: false, interval: '30m', exclusions: [] },
    });
  });

  it('requires a name and refuses unknown fields and intervals', () => {
    expect(agentCreateSchema.safeParse({}).error?.issues[0]?.message).toBe('name is required');
    expect(agentCreateSchema.safeParse({ name: '  ' }).success).toBe(false);
    expect(agentCreateSchema.safeParse({ name: 'a', extra: 1 }).success).toBe(false);
    const interval = agentCreateSchema.safeParse({ name: 'a', kubernetes: { interval: '3m' } });
    expect(interval.error?.issues[0]?.message).toMatch(/interval must be one of 1m, 5m/);
  });
});

describe('agentPatchSchema', () => {
  it('accepts a soft delete with cleanup and refuses other columns', () => {
    const deleted = { deleted_at: '2026-01-01T00:00:00.000Z', cleanup: true };
    expect(agentPatchSchema.parse(deleted)).toEqual(deleted);
    expect(agentPatchSchema.safeParse({ last_seen: '2026-01-01T00:00:00Z' }).success).toBe(false);
    expect(agentPatchSchema.safeParse({ deleted_at: 'yesterday' }).success).toBe(false);
  });
});
