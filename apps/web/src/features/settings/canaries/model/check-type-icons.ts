import type { ConnectionType } from '@vigil/domain';
import {
  Activity,
  Bell,
  Cable,
  FileCode,
  Library,
  Radar,
  Terminal,
  type LucideIcon,
} from 'lucide-react';
import { connectionIcon } from '@/ui/connection-icons.ts';

/** Check types that probe the same kind of system as a connection type share its icon. */
const asConnection: Readonly<Record<string, ConnectionType>> = {
  http: 'http',
  awsConfigRule: 'aws',
  awsConfig: 'aws',
  cloudwatch: 'aws',
  ec2: 'aws',
  s3: 's3',
  gcs: 'google_cloud',
  github: 'github',
  ldap: 'ldap',
  elasticsearch: 'elasticsearch',
  redis: 'redis',
  mongodb: 'mongo',
  sql: 'postgres',
  smb: 'smb',
  sftp: 'sftp',
  folder: 'folder',
  prometheus: 'prometheus',
  dynatrace: 'dynatrace',
  jmeter: 'jmeter',
  kubernetes: 'kubernetes',
  pod: 'kubernetes',
  namespace: 'kubernetes',
  azureDevops: 'azure_devops',
};

const own: Readonly<Record<string, LucideIcon>> = {
  alertmanager: Bell,
  dns: Radar,
  icmp: Radar,
  tcp: Cable,
  exec: Terminal,
  junit: FileCode,
  catalog: Library,
};

/** The icon of a check type, from the same set as the connection picker's; Activity otherwise. */
export function checkTypeIcon(type: string): LucideIcon {
  const connection = asConnection[type];
  if (connection !== undefined) return connectionIcon(connection);
  return own[type] ?? Activity;
}
