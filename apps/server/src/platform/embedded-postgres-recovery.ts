import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * A crashed Vigil can leave its postgres running (an orphan) or leave a stale postmaster.pid.
 * Stop the orphan cleanly, or remove the stale file; PostgreSQL's WAL keeps the data safe.
 */
export async function recoverFromCrash(pgDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  if (content === undefined) return;
  const pid = Number(content.split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && (await isOurPostmaster(pid, pgDir))) {
    log.warn({ pid }, 'stopping an orphaned embedded PostgreSQL left by a previous run');
    await stopProcess(pid);
    return;
  }
  log.warn({ pidFile }, 'removing a stale postmaster.pid left by a previous run');
  await fs.rm(pidFile, { force: true });
}

async function isOurPostmaster(pid: number, pgDir: string): Promise<boolean> {
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  if (cmdline === undefined) return isAlive(pid);
  const args = cmdline.split('\0');
  return args.some((arg) => arg.endsWith('postgres')) && args.includes(path.resolve(pgDir));
}

/** SIGINT is PostgreSQL's fast shutdown; escalate to SIGQUIT only if it hangs. */
export async function stopProcess(pid: number, timeoutMs = 30_000): Promise<void> {
  signal(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      signal(pid, 'SIGQUIT');
      await delay(1000);
      return;
    }
    await delay(50);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
