import { probeWithCheck } from './check-probe.ts';
import type { ConnectionTester } from './connection-tester.ts';

export const mysqlTester: ConnectionTester = {
  type: 'mysql',
  test: (connection, ctx) => probeWithCheck('mysql', { query: 'SELECT 1' }, connection, ctx),
};
