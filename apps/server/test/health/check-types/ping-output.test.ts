import { describe, expect, it } from 'vitest';
import { parsePingOutput } from '../../../src/modules/health/check-types/ping-output.ts';

describe('parsePingOutput', () => {
  it('reads the iputils summary', () => {
    const output = [
      'PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.',
      '64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.211 ms',
      '',
      '--- 127.0.0.1 ping statistics ---',
      '3 packets transmitted, 2 received, 33.3333% packet loss, time 403ms',
      'rtt min/avg/max/mdev = 0.038/0.124/0.211/0.086 ms',
    ].join('\n');
    expect(parsePingOutput(output)).toEqual({
      transmitted: 3,
      received: 2,
      packetLoss: 33.3333,
      rtt: { min: 0.038, avg: 0.124, max: 0.211 },
    });
  });

  it('reads a run without replies and with errors', () => {
    const output = '4 packets transmitted, 0 received, +4 errors, 100% packet loss, time 3055ms\n';
    expect(parsePingOutput(output)).toEqual({
      transmitted: 4,
      received: 0,
      packetLoss: 100,
      rtt: undefined,
    });
  });

  it('reads the BusyBox and BSD forms', () => {
    const busybox = [
      '2 packets transmitted, 2 packets received, 0% packet loss',
      'round-trip min/avg/max = 0.051/0.060/0.070 ms',
    ].join('\n');
    expect(parsePingOutput(busybox)?.rtt).toEqual({ min: 0.051, avg: 0.06, max: 0.07 });
    const bsd = [
      '5 packets transmitted, 4 packets received, 20.0% packet loss',
      'round-trip min/avg/max/stddev = 10.1/12.5/15.0/1.2 ms',
    ].join('\n');
    expect(parsePingOutput(bsd)).toMatchObject({ received: 4, packetLoss: 20 });
  });

  it('works out the loss when the line lacks it', () => {
    expect(parsePingOutput('4 packets transmitted, 3 received')?.packetLoss).toBe(25);
  });

  it('has nothing to say about output without a summary', () => {
    expect(parsePingOutput('ping: nonexistent.invalid: Name or service not known')).toBe(undefined);
  });
});
