import { probeWithCheck } from './check-probe.ts';
import type { ConnectionTester } from './connection-tester.ts';

export const postgresTester: ConnectionTester = {
  type: 'postgres',
  test: (connection, ctx) => probeWithCheck('postgres', { query: 'SELECT 1' }, connection, ctx),
};
