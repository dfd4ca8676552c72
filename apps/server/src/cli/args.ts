import { parseArgs } from 'node:util';

/** Flags map onto the same names as the environment, so one schema validates both. */
const flagToEnv = new Map([
  ['port', 'PORT'],
  ['host', 'HOST'],
  ['database-url', 'DATABASE_URL'],
  ['data-dir', 'VIGIL_DATA_DIR'],
  ['log-level', 'LOG_LEVEL'],
  ['workers', 'VIGIL_WORKERS'],
]);

export interface ParsedArgs {
  readonly verb: string | undefined;
  /** Words after the verb, e.g. `create` in `vigil users create`. */
  readonly words: readonly string[];
  readonly help: boolean;
  /** Config flags, keyed by their environment names. */
  readonly flags: Record<string, string | undefined>;
  /** A verb's own options (users: email, role, admin, first-name, last-name). */
  readonly options: Record<string, string | boolean | undefined>;
  /** `-f` / `--filename`, which may repeat (apply). */
  readonly files: readonly string[];
}

export function parseCliArgs(argv: readonly string[]): ParsedArgs {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      port: { type: 'string' },
      host: { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      'log-level': { type: 'string' },
      workers: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      admin: { type: 'boolean' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      filename: { type: 'string', short: 'f', multiple: true },
      namespace: { type: 'string', short: 'n' },
      server: { type: 'string' },
      token: { type: 'string' },
      upstream: { type: 'string' },
      name: { type: 'string' },
      canaries: { type: 'string' },
    },
  });
  const flags: Record<string, string | undefined> = {};
  for (const [flag, value] of Object.entries(values)) {
    const env = flagToEnv.get(flag);
    if (env && typeof value === 'string') flags[env] = value;
  }
  const options: Record<string, string | boolean | undefined> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!flagToEnv.has(name) && name !== 'help' && !Array.isArray(value)) options[name] = value;
  }
  return {
    verb: positionals[0],
    words: positionals.slice(1),
    help: values.help === true,
    flags,
    options,
    files: values.filename ?? [],
  };
}

export const usage = `Usage: vigil <command> [options]

Commands:
  serve     Run the API, the web app and the workers
  agent --upstream <url> --token <vga_…> --name <name> [--canaries <file|dir>]
            Run checks here and push the results to an upstream Vigil (docs/agents.md):
            the canaries assigned to this agent upstream and those in --canaries. Each
            flag also reads VIGIL_AGENT_UPSTREAM, VIGIL_AGENT_TOKEN, VIGIL_AGENT_NAME,
            VIGIL_AGENT_CANARIES. Defaults: --port 8081, --data-dir ./.vigil-agent.
  migrate   Apply pending database migrations and exit
  users create --email <e> [--admin | --role <role>] [--first-name <f>] [--last-name <l>]
            Create a user (or set an existing user's role). With VIGIL_PASSWORD set, that
            is their password; otherwise a one-time sign-in link is printed.
  apply -f <file|dir|-> [-f …] [--server <url>] [--token <t>] [-n <namespace>]
            Create or update the Canary resources in YAML files (or stdin) through a
            running Vigil's Kubernetes-style API. --server defaults to
            http://localhost:8080; --token to VIGIL_TOKEN (a kubeconfig's token).

Options (each also read from the environment variable in brackets):
  --port <n>            HTTP port [PORT] (default 8080)
  --host <addr>         HTTP bind address [HOST] (default 0.0.0.0)
  --database-url <url>  PostgreSQL 15+ URL [DATABASE_URL]; unset: embedded PostgreSQL
  --data-dir <dir>      Data directory [VIGIL_DATA_DIR] (default ./.vigil)
  --log-level <level>   fatal|error|warn|info|debug|trace|silent [LOG_LEVEL] (default info)
  --workers <on|off>    Run background workers [VIGIL_WORKERS] (default on)
  -h, --help            Show this help

Also: VIGIL_SECRET_KEY (at least 32 characters; generated into the data dir when unset).
`;
