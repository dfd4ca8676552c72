import type { Config } from '../platform/config.ts';
import { createConsoleLogger } from '../platform/logger.ts';
import { openRuntime } from '../platform/runtime.ts';

/** Applies pending migrations (opening the runtime migrates) and exits. */
export async function migrate(config: Config): Promise<void> {
  const log = await createConsoleLogger(config.LOG_LEVEL);
  const runtime = await openRuntime(config, log);
  await runtime.close();
  process.stdout.write('Database is up to date\n');
}
