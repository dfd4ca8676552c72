import { parseCliArgs, usage } from './cli/args.ts';
import { migrate } from './cli/migrate.ts';
import { serve } from './cli/serve.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';

/** CLI verbs; `agent` and `apply` join this table when their issues land. */
const verbs: Record<string, (config: Config) => Promise<void>> = { serve, migrate };

async function main(argv: readonly string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseCliArgs(argv);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  if (parsed.help || parsed.verb === 'help' || parsed.verb === undefined) {
    process.stdout.write(usage);
    return;
  }
  const verb = verbs[parsed.verb];
  if (!verb) return fail(`unknown command "${parsed.verb}"; run vigil --help`);
  let config: Config;
  try {
    config = loadConfig(process.env, parsed.flags);
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  await verb(config);
}

function fail(message: string): void {
  process.stderr.write(`vigil: ${message}\n`);
  process.exit(2);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`vigil: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
