import { probeWithCheck } from './check-probe.ts';
import type { ConnectionTester } from './connection-tester.ts';

export const prometheusTester: ConnectionTester = {
  type: 'prometheus',
  test: (connection, ctx) => probeWithCheck('prometheus', { query: 'vector(1)' }, connection, ctx),
};
