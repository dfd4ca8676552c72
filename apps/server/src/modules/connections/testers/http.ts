import { probeWithCheck } from './check-probe.ts';
import type { ConnectionTester } from './connection-tester.ts';

export const httpTester: ConnectionTester = {
  type: 'http',
  test: (connection, ctx) => probeWithCheck('http', {}, connection, ctx),
};
