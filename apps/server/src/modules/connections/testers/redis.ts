import { probeWithCheck } from './check-probe.ts';
import type { ConnectionTester } from './connection-tester.ts';

export const redisTester: ConnectionTester = {
  type: 'redis',
  test: (connection, ctx) => probeWithCheck('redis', {}, connection, ctx),
};
