import type { ConnectionType } from '@vigil/domain';
import {
  Bell,
  Boxes,
  Cloud,
  Database,
  Folder,
  GitBranch,
  Globe,
  Gauge,
  KeyRound,
  Mail,
  Server,
  type LucideIcon,
} from 'lucide-react';

const icons: Partial<Record<ConnectionType, LucideIcon>> = {
  postgres: Database,
  mysql: Database,
  sql_server: Database,
  mongo: Database,
  redis: Database,
  elasticsearch: Database,
  aws: Cloud,
  s3: Cloud,
  azure: Cloud,
  azure_devops: Cloud,
  google_cloud: Cloud,
  git: GitBranch,
  github: GitBranch,
  http: Globe,
  webhook: Globe,
  prometheus: Gauge,
  dynatrace: Gauge,
  jmeter: Gauge,
  kubernetes: Boxes,
  ldap: KeyRound,
  email: Mail,
  sftp: Folder,
  smb: Folder,
  folder: Folder,
  restic: Folder,
  windows: Server,
};

/** The icon beside a connection's name: its kind of system, a bell for notification channels. */
export function connectionIcon(type: ConnectionType): LucideIcon {
  return icons[type] ?? Bell;
}
