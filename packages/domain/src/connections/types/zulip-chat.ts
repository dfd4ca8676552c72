import { serviceOrigin } from './service-origin.ts';
import { property } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const zulipChatConnection: ConnectionTypeDefinition = {
  type: 'zulip_chat',
  label: 'Zulip Chat',
  notification: true,
  fields: [
    property('host', 'Host', { required: true, placeholder: 'example.zulipchat.com' }),
    { kind: 'EnvVarSource', key: 'username', label: 'Bot Email', required: true },
    { kind: 'EnvVarSource', key: 'password', label: 'Bot API Key', required: true },
    property('stream', 'Stream', { required: true }),
    property('topic', 'Topic'),
  ],
  composeUrl: (p) => `${serviceOrigin(p, '')}/api/v1/messages`,
};
