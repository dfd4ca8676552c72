import { parseCliArgs, usage, type ParsedArgs } from './cli/args.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';

type Verb = (config: Config, parsed: ParsedArgs) => Promise<void>;

/**
 * CLI verbs, each loaded only when called: `vigil apply` need not load the server.
 */
const verbs: Record<string, Verb> = {
  serve: async (config) => (await import('./cli/serve.ts')).serve(config),
  agent: async (_config, parsed) => (await import('./cli/agent.ts')).agent(parsed),
  migrate: async (config) => (await import('./cli/migrate.ts')).migrate(config),
  apply: async (_config, parsed) => (await import('./cli/apply.ts')).apply(parsed),
  users: async (config, parsed) =>
    (await import('./cli/users.ts')).users(config, parsed.words, parsed.options),
};

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
  try {
    await verb(loadConfig(process.env, parsed.flags), parsed);
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
}

function fail(message: string): void {
  process.stderr.write(`vigil: ${message}\n`);
  process.exit(2);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`vigil: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
