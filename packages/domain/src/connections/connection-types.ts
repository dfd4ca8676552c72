import {
  connectionTypeSchema,
  type ConnectionType,
  type ConnectionTypeDefinition,
} from './connection-type.ts';
import { awsConnection } from './types/aws.ts';
import { azureDevopsConnection } from './types/azure-devops.ts';
import { azureConnection } from './types/azure.ts';
import { discordConnection } from './types/discord.ts';
import { dynatraceConnection } from './types/dynatrace.ts';
import { elasticsearchConnection } from './types/elasticsearch.ts';
import { emailConnection } from './types/email.ts';
import { folderConnection } from './types/folder.ts';
import { genericWebhookConnection } from './types/generic-webhook.ts';
import { gitConnection } from './types/git.ts';
import { githubConnection } from './types/github.ts';
import { googleChatConnection } from './types/google-chat.ts';
import { googleCloudConnection } from './types/google-cloud.ts';
import { httpConnection } from './types/http.ts';
import { iftttConnection } from './types/ifttt.ts';
import { jmeterConnection } from './types/jmeter.ts';
import { kubernetesConnection } from './types/kubernetes.ts';
import { ldapConnection } from './types/ldap.ts';
import { matrixConnection } from './types/matrix.ts';
import { mattermostConnection } from './types/mattermost.ts';
import { mongoConnection } from './types/mongo.ts';
import { mysqlConnection } from './types/mysql.ts';
import { ntfyConnection } from './types/ntfy.ts';
import { opsgenieConnection } from './types/opsgenie.ts';
import { postgresConnection } from './types/postgres.ts';
import { prometheusConnection } from './types/prometheus.ts';
import { pushbulletConnection } from './types/pushbullet.ts';
import { pushoverConnection } from './types/pushover.ts';
import { redisConnection } from './types/redis.ts';
import { resticConnection } from './types/restic.ts';
import { rocketchatConnection } from './types/rocketchat.ts';
import { s3Connection } from './types/s3.ts';
import { sftpConnection } from './types/sftp.ts';
import { slackConnection } from './types/slack.ts';
import { slackwebhookConnection } from './types/slackwebhook.ts';
import { smbConnection } from './types/smb.ts';
import { sqlServerConnection } from './types/sql-server.ts';
import { teamsConnection } from './types/teams.ts';
import { telegramConnection } from './types/telegram.ts';
import { webhookConnection } from './types/webhook.ts';
import { windowsConnection } from './types/windows.ts';
import { zulipChatConnection } from './types/zulip-chat.ts';

/** Every connection type, one entry per file; the form and the stored url come from here. */
export const connectionTypeDefinitions: Readonly<Record<ConnectionType, ConnectionTypeDefinition>> =
  {
    aws: awsConnection,
    azure_devops: azureDevopsConnection,
    azure: azureConnection,
    discord: discordConnection,
    dynatrace: dynatraceConnection,
    elasticsearch: elasticsearchConnection,
    email: emailConnection,
    folder: folderConnection,
    generic_webhook: genericWebhookConnection,
    git: gitConnection,
    github: githubConnection,
    google_chat: googleChatConnection,
    google_cloud: googleCloudConnection,
    http: httpConnection,
    ifttt: iftttConnection,
    jmeter: jmeterConnection,
    kubernetes: kubernetesConnection,
    ldap: ldapConnection,
    matrix: matrixConnection,
    mattermost: mattermostConnection,
    mongo: mongoConnection,
    mysql: mysqlConnection,
    ntfy: ntfyConnection,
    opsgenie: opsgenieConnection,
    postgres: postgresConnection,
    prometheus: prometheusConnection,
    pushbullet: pushbulletConnection,
    pushover: pushoverConnection,
    redis: redisConnection,
    restic: resticConnection,
    rocketchat: rocketchatConnection,
    s3: s3Connection,
    sftp: sftpConnection,
    slack: slackConnection,
    slackwebhook: slackwebhookConnection,
    smb: smbConnection,
    sql_server: sqlServerConnection,
    teams: teamsConnection,
    telegram: telegramConnection,
    webhook: webhookConnection,
    windows: windowsConnection,
    zulip_chat: zulipChatConnection,
  };

export function connectionTypeDefinition(type: ConnectionType): ConnectionTypeDefinition {
  return connectionTypeDefinitions[type];
}

/** The types offered in the Add picker, by label. */
export function pickableConnectionTypes(): ConnectionTypeDefinition[] {
  return Object.values(connectionTypeDefinitions)
    .filter((definition) => definition.hidden !== true)
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Whether a connection of this type can deliver a notification (its definition says so). */
export function canNotify(type: string): boolean {
  const known = connectionTypeSchema.safeParse(type);
  return known.success && connectionTypeDefinitions[known.data].notification === true;
}
