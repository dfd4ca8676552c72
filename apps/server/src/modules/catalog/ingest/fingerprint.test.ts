import { describe, expect, it } from 'vitest';
import { collapseRepeats, changeRow } from './change-rows.ts';
import { fingerprintChange, maskVolatile } from './fingerprint.ts';

describe('fingerprintChange', () => {
  const backOff = (uid: string, at: string, count: number) => ({
    changeType: 'BackOff',
    summary: `Back-off restarting failed container at ${at}`,
    details: {
      metadata: { uid, resourceVersion: String(count * 7), creationTimestamp: at },
      involvedObject: { uid: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', name: 'web-0' },
      count,
      lastTimestamp: at,
      message: `Back-off restarting failed container web in pod web-0 (took 12s)`,
    },
  });

  it('is equal for repeats that differ only in volatile values', () => {
    const first = fingerprintChange(
      backOff('0c4e6fd8-4a1d-4d3c-9c55-1f1c6a0b7a11', '2026-11-27T10:00:00Z', 1),
    );
    const again = fingerprintChange(
      backOff('7d1c9e0a-1111-4a2b-8c3d-222222222222', '2026-11-27T10:20:31.5Z', 9),
    );
    expect(again).toBe(first);
  });

  it('differs for a different change type, message or object', () => {
    const base = backOff('u', '2026-11-27T10:00:00Z', 1);
    const fp = fingerprintChange(base);
    expect(fingerprintChange({ ...base, changeType: 'Pulled' })).not.toBe(fp);
    expect(
      fingerprintChange({ ...base, details: { ...base.details, message: 'OOMKilled' } }),
    ).not.toBe(fp);
    expect(
      fingerprintChange({
        ...base,
        details: { ...base.details, involvedObject: { uid: 'x', name: 'api-0' } },
      }),
    ).not.toBe(fp);
  });

  it('masks uuids, timestamps, durations, hashes and bare numbers', () => {
    expect(
      maskVolatile(
        'pod 0c4e6fd8-4a1d-4d3c-9c55-1f1c6a0b7a11 at 2026-11-27T10:00:00+01:00 took 1.5s sha 0123456789abcdef',
      ),
    ).toBe('pod UUID at TIMESTAMP took DURATION sha HEX');
    expect(maskVolatile('42')).toBe('NUMBER');
  });
});

describe('collapseRepeats', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const event = (minutes: number, id?: string) => ({
    ...changeRow(
      {
        config: { type: 'K::Pod', externalId: 'p' },
        changeType: 'BackOff',
        externalChangeId: id,
        createdAt: at(minutes),
      },
      now,
    ),
    config_id: 'c1',
  });

  it('folds repeats within an hour into one row, keeping first_observed', () => {
    const rows = collapseRepeats([event(30), event(0), event(50)], (row) => row.config_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBe(3);
    expect(rows[0]?.first_observed).toBe(at(0).toISOString());
    expect(rows[0]?.created_at).toBe(at(50).toISOString());
  });

  it('starts a new row after an hour without a repeat', () => {
    const rows = collapseRepeats([event(0), event(61), event(90)], (row) => row.config_id);
    expect(rows.map((row) => row.count)).toEqual([1, 2]);
  });

  it('drops a repeated external change id of one item', () => {
    const rows = collapseRepeats(
      [event(0, 'e1'), event(200, 'e1'), event(300, 'e2')],
      (row) => row.config_id,
    );
    expect(rows.map((row) => row.external_change_id)).toEqual(['e1', 'e2']);
  });
});
