/** What `vigil serve` prints once it listens. Scripts and tests read the port back from it. */
export function runningLine(port: number): string {
  return `Vigil is running at http://localhost:${port}\n`;
}

/** Matches a `runningLine`; its first group is the port. */
export const runningLinePattern = /Vigil is running at http:\/\/localhost:(\d+)/;

/** What `vigil agent` prints once it listens (its local /api/health and /api/metrics). */
export function agentRunningLine(port: number): string {
  return `Vigil agent is running at http://localhost:${port}\n`;
}

/** Matches an `agentRunningLine`; its first group is the port. */
export const agentRunningLinePattern = /Vigil agent is running at http:\/\/localhost:(\d+)/;
