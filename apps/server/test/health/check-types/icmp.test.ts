import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { judge } from '../../../src/modules/health/check-types/icmp.ts';
import { runCheck } from './check-context.ts';

/** Pids of running `ping` processes whose command line contains `marker`. */
function pingsWith(marker: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).trim().split('\n');
  } catch {
    return [];
  }
}

describe('icmp check', () => {
  it('passes for loopback and exposes packetLoss and latency', async () => {
    const outcome = await runCheck('icmp', { endpoint: '127.0.0.1', packetCount: 2 });
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(outcome.data).toMatchObject({ packetLoss: 0, sent: 2, received: 2 });
    expect(outcome.data.latency).toEqual(expect.any(Number));
    expect(outcome.message).toMatch(/^2\/2 replies, average [\d.]+ms$/);
  });

  it('fails when the average round trip is over thresholdMillis', async () => {
    const outcome = await runCheck('icmp', {
      endpoint: '127.0.0.1',
      packetCount: 1,
      thresholdMillis: 0.0001,
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(
      /^average round trip of [\d.]+ms is over the 0.0001ms threshold$/,
    );
    expect(outcome.data.packetLoss).toBe(0);
  });

  it('fails when the host name does not resolve', async () => {
    const outcome = await runCheck(
      'icmp',
      { endpoint: 'nonexistent.invalid', packetCount: 1 },
      { timeoutMs: 15_000 },
    );
    expect(outcome.pass).toBe(false);
    expect(outcome.invalid).toBeUndefined();
    expect(outcome.error).toMatch(/nonexistent\.invalid/);
  });

  it('kills ping at the time limit', async () => {
    // An unusual count marks this run's ping in the process list.
    const packetCount = 500 + Math.floor(Math.random() * 500);
    const started = Date.now();
    const outcome = await runCheck(
      'icmp',
      { endpoint: '127.0.0.1', packetCount },
      { timeoutMs: 700 },
    );
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe('ping 127.0.0.1 did not finish within 700ms');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(pingsWith(`ping -n -c ${packetCount} `)).toEqual([]);
  });

  it('accepts a URL as endpoint and fails the run without calling ping, as canary-checker', async () => {
    const outcome = await runCheck('icmp', { endpoint: 'https://github.com', packetCount: 2 });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe('endpoint "https://github.com" is not a host name or IP address');
  });

  it('refuses an endpoint that could pass for an option', async () => {
    await expect(runCheck('icmp', { endpoint: '-f' })).rejects.toThrow(/host name or IP/);
  });
});

describe('icmp judge', () => {
  const check = { name: 'loss', endpoint: 'example' };
  const summary = (received: number) => ({
    transmitted: 4,
    received,
    packetLoss: ((4 - received) / 4) * 100,
    rtt: received > 0 ? { min: 1, avg: 2, max: 3 } : undefined,
  });

  it('fails on any loss by default and on loss over packetLossThreshold', () => {
    expect(judge(check, summary(3)).error).toBe('packet loss of 25% is over the 0% threshold');
    expect(judge({ ...check, packetLossThreshold: 20 }, summary(3)).pass).toBe(false);
    expect(judge({ ...check, packetLossThreshold: 25 }, summary(3)).pass).toBe(true);
  });

  it('fails when nothing came back', () => {
    const outcome = judge({ ...check, packetLossThreshold: 100 }, summary(0));
    expect(outcome.error).toBe('no reply from example (4 packets sent)');
    expect(outcome.data.packetLoss).toBe(100);
  });
});
