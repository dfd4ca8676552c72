import { z } from 'zod';
import type { FormField } from './connection-fields.ts';

export const connectionTypes = [
  'aws',
  's3',
  'azure',
  'azure_devops',
  'discord',
  'dynatrace',
  'elasticsearch',
  'email',
  'google_cloud',
  'generic_webhook',
  'git',
  'github',
  'google_chat',
  'http',
  'ifttt',
  'jmeter',
  'kubernetes',
  'ldap',
  'matrix',
  'mattermost',
  'mongo',
  'mysql',
  'ntfy',
  'opsgenie',
  'postgres',
  'prometheus',
  'pushbullet',
  'pushover',
  'redis',
  'restic',
  'rocketchat',
  'sftp',
  'slack',
  'slackwebhook',
  'smb',
  'sql_server',
  'teams',
  'telegram',
  'webhook',
  'windows',
  'zulip_chat',
  'folder',
] as const;
export const connectionTypeSchema = z.enum(connectionTypes);
export type ConnectionType = z.infer<typeof connectionTypeSchema>;

export type ConnectionProperties = Readonly<Record<string, unknown>>;

/** How one connection type is declared: its form and, where it has one, its composed URL. */
export interface ConnectionTypeDefinition {
  readonly type: ConnectionType;
  readonly label: string;
  /** Not offered in the type picker (jmeter). */
  readonly hidden?: boolean;
  /** Notification channels: settings live in properties, delivery uses the composed url. */
  readonly notification?: boolean;
  readonly fields: readonly FormField[];
  /**
   * The url stored for the type, built from its properties on every save. `$(username)` and
   * `$(password)` stand for the secrets and are filled in only when the connection is resolved.
   */
  composeUrl?(properties: ConnectionProperties): string;
}

/** A property as text for a URL: numbers and booleans as written, anything else empty. */
export function propertyText(properties: ConnectionProperties, name: string): string {
  const value = properties[name];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A property encoded as one URL path segment or query value. */
export function encodedProperty(properties: ConnectionProperties, name: string): string {
  return encodeURIComponent(propertyText(properties, name));
}
