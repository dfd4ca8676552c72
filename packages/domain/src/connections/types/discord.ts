import { serviceOrigin } from './service-origin.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const discordConnection: ConnectionTypeDefinition = {
  type: 'discord',
  label: 'Discord',
  notification: true,
  fields: [
    { kind: 'EnvVarSource', key: 'username', label: 'Webhook ID', required: true },
    { kind: 'EnvVarSource', key: 'password', label: 'Token', required: true },
  ],
  composeUrl: (p) => `${serviceOrigin(p, 'discord.com')}/api/webhooks/$(username)/$(password)`,
};
