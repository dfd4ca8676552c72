import type { ParsedArgs } from './args.ts';
import { loadConfig } from '../platform/config.ts';
import { tuneHeap } from '../platform/heap.ts';
import { createConsoleLogger } from '../platform/logger.ts';
import { loadAgentSettings } from '../modules/agents/runtime/agent-settings.ts';
import { startAgent } from '../modules/agents/runtime/agent-runtime.ts';
import { agentRunningLine } from './running-line.ts';

/** An agent beside a `vigil serve` on one host must not take its port or data directory. */
const agentDefaults = { PORT: '8081', VIGIL_DATA_DIR: './.vigil-agent' };

/** `vigil agent --upstream URL --token T --name N [--canaries dir/]` (docs/agents.md). */
export async function agent(parsed: ParsedArgs): Promise<void> {
  tuneHeap();
  const env = process.env;
  const config = loadConfig({ ...agentDefaults, ...env }, parsed.flags);
  const settings = loadAgentSettings(env, parsed.options);
  const log = await createConsoleLogger(config.LOG_LEVEL);
  const running = await startAgent(config, settings, log);
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, 'agent shutting down');
    setTimeout(() => {
      log.error('shutdown timed out after 30 s; exiting');
      process.exit(1);
    }, 30_000).unref();
    await running.stop();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.stdout.write(agentRunningLine(running.port));
}
