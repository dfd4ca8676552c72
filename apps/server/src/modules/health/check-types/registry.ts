import type { CheckType } from './check-type.ts';
import { httpCheckType } from './http.ts';
import { tcpCheckType } from './tcp.ts';

/** Check types with a runner, keyed by their key under `spec` (spec.http[], spec.tcp[]). */
export const checkTypes: ReadonlyMap<string, CheckType> = new Map(
  [httpCheckType, tcpCheckType].map((type) => [type.type, type]),
);

/**
 * Check types of canary-checker's schema that have no runner yet: a spec using one is refused
 * with 'check type X is not supported yet', never accepted and silently skipped.
 */
export const pendingCheckTypes: ReadonlySet<string> = new Set([
  'dns',
  'icmp',
  'exec',
  'postgres',
  'mysql',
  'mssql',
  'redis',
  'mongodb',
  'prometheus',
  'alertmanager',
  'elasticsearch',
  'opensearch',
  'folder',
  'ldap',
  'junit',
  'kubernetes',
  'awsConfigRule',
  'awsConfig',
  'github',
  'ec2',
  'pod',
  'cloudwatch',
  'gcsBucket',
  's3',
  'sql',
  'catalog',
  'azureDevops',
  'jmeter',
  'dynatrace',
  'namespace',
  'containerd',
  'docker',
  'helm',
  'restic',
  'smb',
  'webhook',
  'databaseBackup',
  'gitProtocol',
  'exchange',
]);
