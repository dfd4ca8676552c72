import type { CheckType } from './check-type.ts';
import { folderCheckType } from './folder.ts';
import { kubernetesCheckType } from './kubernetes.ts';
import { kubernetesResourceCheckType } from './kubernetes-resource.ts';
import { postgresCheckType } from './postgres.ts';
import { mysqlCheckType } from './mysql.ts';
import { mssqlCheckType } from './mssql.ts';
import { redisCheckType } from './redis.ts';
import { mongodbCheckType } from './mongodb.ts';
import { alertmanagerCheckType } from './alertmanager.ts';
import { elasticsearchCheckType } from './elasticsearch.ts';
import { ldapCheckType } from './ldap.ts';
import { opensearchCheckType } from './opensearch.ts';
import { prometheusCheckType } from './prometheus.ts';
import { httpCheckType } from './http.ts';
import { tcpCheckType } from './tcp.ts';
import { dnsCheckType } from './dns.ts';
import { icmpCheckType } from './icmp.ts';
import { execCheckType } from './exec.ts';
import { junitCheckType } from './junit.ts';
import { s3CheckType } from './s3.ts';
import { cloudwatchCheckType } from './cloudwatch.ts';
import { awsConfigCheckType } from './aws-config.ts';
import { awsConfigRuleCheckType } from './aws-config-rule.ts';
import { webhookCheckType } from './webhook.ts';
import { catalogCheckType } from './catalog.ts';
import { databaseBackupCheckType } from './database-backup.ts';
import { dynatraceCheckType } from './dynatrace.ts';
import { azureDevopsCheckType } from './azure-devops.ts';
import { resticCheckType } from './restic.ts';
import { bindNestedCheckTypes } from './kubernetes-resource-checks.ts';

/** Check types with a runner, keyed by their key under `spec` (spec.http[], spec.tcp[]). */
const registered: readonly CheckType[] = [
  folderCheckType,
  kubernetesCheckType,
  kubernetesResourceCheckType,
  postgresCheckType,
  mysqlCheckType,
  mssqlCheckType,
  redisCheckType,
  mongodbCheckType,
  prometheusCheckType,
  alertmanagerCheckType,
  elasticsearchCheckType,
  opensearchCheckType,
  ldapCheckType,
  httpCheckType,
  tcpCheckType,
  dnsCheckType,
  icmpCheckType,
  execCheckType,
  junitCheckType,
  s3CheckType,
  cloudwatchCheckType,
  awsConfigCheckType,
  awsConfigRuleCheckType,
  webhookCheckType,
  catalogCheckType,
  databaseBackupCheckType,
  dynatraceCheckType,
  azureDevopsCheckType,
  resticCheckType,
];

export const checkTypes: ReadonlyMap<string, CheckType> = new Map(
  registered.map((type) => [type.type, type]),
);
bindNestedCheckTypes(checkTypes);

/**
 * Check types of canary-checker's schema that have no runner yet: a spec using one is refused
 * with 'check type X is not supported yet', never accepted and silently skipped.
 */
export const pendingCheckTypes: ReadonlySet<string> = new Set([
  'ec2',
  'gcsBucket',
  'sql',
  'jmeter',
  'smb',
  'exchange',
  // Needs gRPC to Pub/Sub (or its emulator); see docs/health.md.
  'pubsub',
]);

/**
 * Check types canary-checker itself has removed (its checks/deprecated.go): a spec using one is
 * refused with canary-checker's advice, never run.
 */
export const removedCheckTypes: ReadonlySet<string> = new Set([
  'docker',
  'dockerPush',
  'containerd',
  'containerdPush',
  'helm',
  'namespace',
  'pod',
  'github',
  'gitProtocol',
]);

/** Why a removed type is refused, e.g. for `spec.docker`. */
export function removedCheckTypeMessage(type: string): string {
  return `canary-checker removed the ${type} check type; use kubernetesResource or exec checks instead`;
}
