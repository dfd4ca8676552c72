/**
 * Files whose assertions time real processes, leases or shares of work: project
 * `server-serial` (root vitest.config.ts) runs them one at a time after everything else.
 */
export const serialServerFiles = [
  'test/fleet/**/*.test.ts',
  'test/embedded/**/*.test.ts',
  'test/health/replicas.test.ts',
  'test/health/engine.test.ts',
  'test/health/database-restart.test.ts',
  'test/health/retried-batch.test.ts',
  'test/events/restart.test.ts',
  'test/notifications/restart.test.ts',
  'test/agents/agent-faults.test.ts',
  'test/agents/agent-playbooks.test.ts',
  'test/data-api/fuzz.test.ts',
  'test/playbooks/engine.test.ts',
  'test/topology/snapshot-start.test.ts',
  'src/cli/cli.test.ts',
];

/** What both server projects share. */
export const serverTestOptions: {
  environment: 'node';
  globalSetup: string[];
  testTimeout: number;
  hookTimeout: number;
} = {
  environment: 'node',
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
