import net from 'node:net';
import { z } from 'zod';
import { commonCheckFields, defineCheckType, errorText, failed } from './check-type.ts';

const tcpCheck = z
  .object({
    ...commonCheckFields,
    // canary-checker accepts any text here and fails the run when it is not host:port.
    endpoint: z.string().min(1, 'is required'),
    thresholdMillis: z.number().int().positive().optional(),
  })
  .strict();

const hostPort = /^[^\s:/]+:\d{1,5}$/;

/** `spec.tcp[]`: a TCP connect to host:port, closed as soon as it is open. */
export const tcpCheckType = defineCheckType({
  type: 'tcp',
  schema: tcpCheck,
  endpoint: (check) => check.endpoint,
  async run(check, ctx) {
    if (!hostPort.test(check.endpoint)) {
      return failed(`endpoint "${check.endpoint}" must be host:port`);
    }
    const separator = check.endpoint.lastIndexOf(':');
    const host = check.endpoint.slice(0, separator);
    const port = Number(check.endpoint.slice(separator + 1));
    let elapsed: number;
    try {
      elapsed = await connect(host, port, ctx.signal);
    } catch (error) {
      return failed(errorText(error));
    }
    const data = { elapsed, host, port };
    if (check.thresholdMillis !== undefined && elapsed > check.thresholdMillis) {
      return {
        pass: false,
        error: `connect took ${elapsed}ms, over the ${check.thresholdMillis}ms threshold`,
        data,
        duration: elapsed,
      };
    }
    return { pass: true, message: `connected in ${elapsed}ms`, data, duration: elapsed };
  },
});

function connect(host: string, port: number, signal: AbortSignal): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, signal });
    socket.once('connect', () => {
      const elapsed = Math.round(performance.now() - started);
      socket.destroy();
      resolve(elapsed);
    });
    socket.once('error', (error) => {
      socket.destroy();
      reject(error);
    });
  });
}
