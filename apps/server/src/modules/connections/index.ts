/** What other areas may use from connections (ADR 0010). */
export {
  connectionPairings,
  mayPairConnections,
  refuseForeignPairings,
  sftpPathPairing,
} from './connection-pairings.ts';
export { type OpenedConnection, type ConnectionResolver } from './connection-resolver.ts';
export { type ConnectionTester, ConnectionTestFailed } from './testers/connection-tester.ts';
export { findConnection } from './connections.repository.ts';
