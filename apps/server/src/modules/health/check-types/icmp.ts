import { z } from 'zod';
import { commonCheckFields, defineCheckType, failed, type CheckOutcome } from './check-type.ts';
import { minimalEnvironment, runProcess } from './child-process.ts';
import { parsePingOutput, type PingSummary } from './ping-output.ts';

const icmpCheck = z
  .object({
    ...commonCheckFields,
    // Only what could pass for a ping option is refused here; canary-checker accepts any text
    // and fails the run, as `run` does for a URL or other text that is not a host.
    endpoint: z.string().regex(/^[^-]/, 'must be a host name or IP address'),
    /** Fractions are allowed (canary-checker takes whole milliseconds). */
    thresholdMillis: z.number().positive().optional(),
    packetLossThreshold: z.number().min(0).max(100).optional(),
    packetCount: z.number().int().min(1).max(1000).optional(),
  })
  .strict();

type IcmpCheck = z.infer<typeof icmpCheck>;

const defaultPacketCount = 3;
const hostOrAddress = /^[A-Za-z0-9_.:%[\]][A-Za-z0-9_.:%[\]-]*$/;

/**
 * `spec.icmp[]`: echo requests sent by the system's `ping` (iputils-ping), 0.2s apart. Any loss
 * over `packetLossThreshold` (default 0%) or an average round trip over `thresholdMillis` fails.
 */
export const icmpCheckType = defineCheckType({
  type: 'icmp',
  schema: icmpCheck,
  endpoint: (check) => check.endpoint,
  async run(check, ctx) {
    if (!hostOrAddress.test(check.endpoint)) {
      return failed(`endpoint "${check.endpoint}" is not a host name or IP address`);
    }
    const count = check.packetCount ?? defaultPacketCount;
    // ping's own deadline ends it a little before the check's, so its summary is still read.
    const deadline = Math.max(1, Math.floor((ctx.timeoutMs - 500) / 1000));
    const result = await runProcess({
      command: 'ping',
      args: ['-n', '-c', String(count), '-i', '0.2', '-w', String(deadline), '--', check.endpoint],
      env: minimalEnvironment({ LC_ALL: 'C' }),
      signal: ctx.signal,
      maxOutputBytes: 256 * 1024,
    });
    if (result.spawnError) {
      return {
        ...failed(`ping could not be started: ${result.spawnError.message}`),
        invalid: true,
      };
    }
    const summary = parsePingOutput(result.stdout);
    if (summary === undefined) {
      if (result.aborted) {
        return failed(`ping ${check.endpoint} did not finish within ${ctx.timeoutMs}ms`);
      }
      const reason = result.stderr.trim() || `ping exited with code ${result.exitCode}`;
      return failed(reason.replace(/^ping: /, ''));
    }
    return judge(check, summary);
  },
});

/** canary-checker's rules: no reply, loss over the threshold, or a slow average round trip. */
export function judge(check: IcmpCheck, summary: PingSummary): CheckOutcome {
  const latency = summary.rtt?.avg;
  const elapsed = latency === undefined ? undefined : Math.round(latency);
  const data = {
    packetLoss: summary.packetLoss,
    latency,
    elapsed,
    sent: summary.transmitted,
    received: summary.received,
    min: summary.rtt?.min,
    max: summary.rtt?.max,
  };
  const fail = (error: string): CheckOutcome => ({ pass: false, error, data, duration: elapsed });
  if (summary.received === 0) {
    return fail(`no reply from ${check.endpoint} (${summary.transmitted} packets sent)`);
  }
  const lossThreshold = check.packetLossThreshold ?? 0;
  if (summary.packetLoss > lossThreshold) {
    return fail(`packet loss of ${summary.packetLoss}% is over the ${lossThreshold}% threshold`);
  }
  if (latency !== undefined && check.thresholdMillis !== undefined) {
    if (latency > check.thresholdMillis) {
      return fail(
        `average round trip of ${latency}ms is over the ${check.thresholdMillis}ms threshold`,
      );
    }
  }
  return {
    pass: true,
    message: `${summary.received}/${summary.transmitted} replies, average ${latency ?? '?'}ms`,
    data,
    duration: elapsed,
  };
}
