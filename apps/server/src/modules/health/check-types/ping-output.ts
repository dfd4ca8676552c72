/** The summary `ping` prints when it stops. Times are in milliseconds. */
export interface PingSummary {
  readonly transmitted: number;
  readonly received: number;
  /** Percent of packets without a reply, 0–100. */
  readonly packetLoss: number;
  /** Round-trip times; absent when no reply came back. */
  readonly rtt?: { readonly min: number; readonly avg: number; readonly max: number };
}

const countsLine = /(\d+) packets transmitted, (\d+) (?:packets )?received/;
const lossLine = /([\d.]+)% packet loss/;
const rttLine = /(?:rtt|round-trip) min\/avg\/max(?:\/\w+)? = ([\d.]+)\/([\d.]+)\/([\d.]+)/;

/**
 * Reads the statistics of iputils `ping` (also BusyBox and BSD forms), run with LC_ALL=C.
 * Undefined when the output has no summary, e.g. when the host did not resolve.
 */
export function parsePingOutput(output: string): PingSummary | undefined {
  const counts = countsLine.exec(output);
  if (!counts) return undefined;
  const transmitted = Number(counts[1]);
  const received = Number(counts[2]);
  const loss = lossLine.exec(output);
  const packetLoss = loss ? Number(loss[1]) : lostPercent(transmitted, received);
  const rtt = rttLine.exec(output);
  return {
    transmitted,
    received,
    packetLoss,
    rtt: rtt ? { min: Number(rtt[1]), avg: Number(rtt[2]), max: Number(rtt[3]) } : undefined,
  };
}

function lostPercent(transmitted: number, received: number): number {
  if (transmitted === 0) return 100;
  return ((transmitted - received) / transmitted) * 100;
}
