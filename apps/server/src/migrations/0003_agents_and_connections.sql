-- Agents (remote installations that push data) and connections to external systems.

create table agents (
  id uuid primary key default gen_uuid_v7(),
  name text not null,
  hostname text,
  description text,
  version text,
  properties jsonb not null default '{}'::jsonb,         -- labels added to everything the agent creates
  tls text,
  kubernetes jsonb not null default '{"enabled": false, "interval": "30m", "exclusions": []}'::jsonb,
  person_id uuid references people (id) on delete set null,  -- the agent's service identity (access_tokens.person_id)
  created_by uuid references people (id) on delete set null,
  last_seen timestamptz,
  last_received timestamptz,
  cleanup boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index agents_name_key on agents (name) where deleted_at is null;
create index agents_person_id_idx on agents (person_id);
create trigger agents_updated_at before update on agents
  for each row execute function set_updated_at();

-- The local installation: the default agent_id of everything that can come from an agent.
insert into agents (id, name, description)
values ('00000000-0000-0000-0000-000000000000', 'local', 'This installation');

create table connections (
  id uuid primary key default gen_uuid_v7(),
  name text not null,
  namespace text not null default 'default',
  type text not null check (type in (
    'aws', 's3', 'azure', 'azure_devops', 'discord', 'dynatrace', 'elasticsearch', 'email',
    'google_cloud', 'generic_webhook', 'git', 'github', 'google_chat', 'http', 'ifttt', 'jmeter',
    'kubernetes', 'ldap', 'matrix', 'mattermost', 'mongo', 'mysql', 'ntfy', 'opsgenie', 'postgres',
    'prometheus', 'pushbullet', 'pushover', 'redis', 'restic', 'rocketchat', 'sftp', 'slack',
    'slackwebhook', 'smb', 'sql_server', 'teams', 'telegram', 'webhook', 'windows', 'zulip_chat',
    'folder'
  )),
  url text,
  username text,
  password text,                                         -- secret: encrypted by the app, hidden by the API
  certificate text,                                      -- secret: encrypted by the app, hidden by the API
  insecure_tls boolean not null default false,
  properties jsonb not null default '{}'::jsonb,
  source text,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index connections_namespace_name_key on connections (namespace, name)
  where deleted_at is null;
create index connections_type_idx on connections (type) where deleted_at is null;
create trigger connections_updated_at before update on connections
  for each row execute function set_updated_at();
