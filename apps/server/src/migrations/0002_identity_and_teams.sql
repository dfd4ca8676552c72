-- Identity (Ory Kratos shaped), people, roles, teams, sessions and access tokens.

-- An account of the built-in identity service. credentials and metadata_admin are never
-- exposed through the data API.
create table identities (
  id uuid primary key default gen_uuid_v7(),
  schema_id text not null default 'default',
  traits jsonb not null default '{}'::jsonb,            -- {name: {first, last}, email}
  state text not null default 'active' check (state in ('active', 'inactive')),
  state_changed_at timestamptz not null default now(),
  credentials jsonb not null default '{}'::jsonb,       -- secret: password hash, totp, lookup secrets, webauthn
  metadata_public jsonb,
  metadata_admin jsonb,                                 -- secret-ish: admin-only metadata
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index identities_email_key on identities (lower(traits ->> 'email'))
  where traits ? 'email';
create trigger identities_updated_at before update on identities
  for each row execute function set_updated_at();

-- A person (or an agent's / system's service identity). For accounts of the identity service
-- people.id = identities.id.
create table people (
  id uuid primary key default gen_uuid_v7(),
  name text not null,
  email text,
  avatar text,
  type text not null default 'person' check (type in ('person', 'agent', 'system')),
  external_id text,
  properties jsonb not null default '{}'::jsonb,
  last_login timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index people_email_key on people (lower(email))
  where email is not null and deleted_at is null;
create index people_name_idx on people (name) where deleted_at is null;
create index people_external_id_idx on people (external_id) where external_id is not null;
create trigger people_updated_at before update on people
  for each row execute function set_updated_at();

-- Roles per person (no row = viewer).
create table person_roles (
  person_id uuid not null references people (id) on delete cascade,
  role text not null check (role in ('admin', 'editor', 'commander', 'responder', 'viewer')),
  created_at timestamptz not null default now(),
  primary key (person_id, role)
);

-- Users screen: people with their roles and identity state.
create view people_roles as
select
  p.id,
  p.name,
  p.email,
  p.avatar,
  p.type,
  p.external_id,
  p.last_login,
  i.state,
  coalesce(
    (select array_agg(r.role order by r.role) from person_roles r where r.person_id = p.id),
    '{}'::text[]
  ) as roles,
  p.created_at,
  p.updated_at,
  p.deleted_at
from people p
left join identities i on i.id = p.id;

-- Server-side sessions of the identity service. Never exposed through the data API.
create table sessions (
  id uuid primary key default gen_uuid_v7(),
  identity_id uuid not null references identities (id) on delete cascade,
  token_hash text not null unique,                       -- secret: sha-256 of the cookie token
  aal text not null default 'aal1' check (aal in ('aal0', 'aal1', 'aal2')),
  authentication_methods jsonb not null default '[]'::jsonb,
  authenticated_at timestamptz not null default now(),
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_seen_at timestamptz,
  devices jsonb not null default '[]'::jsonb,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sessions_identity_id_idx on sessions (identity_id);
create index sessions_expires_at_idx on sessions (expires_at);
create trigger sessions_updated_at before update on sessions
  for each row execute function set_updated_at();

-- Bearer tokens (agents push with one; the token's person is the agent's service identity).
-- Only a hash is stored. Never exposed through the data API.
create table access_tokens (
  id uuid primary key default gen_uuid_v7(),
  name text not null,
  value_hash text not null unique,                       -- secret
  person_id uuid not null references people (id) on delete cascade,
  created_by uuid references people (id) on delete set null,
  expires_at timestamptz,
  last_used_at timestamptz,
  created_at timestamptz not null default now()
);
create index access_tokens_person_id_idx on access_tokens (person_id);

create table teams (
  id uuid primary key default gen_uuid_v7(),
  name text not null,
  icon text,
  spec jsonb not null default '{}'::jsonb,               -- includes responder_clients
  source text,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index teams_name_key on teams (name) where deleted_at is null;
create trigger teams_updated_at before update on teams
  for each row execute function set_updated_at();

create table team_members (
  team_id uuid not null references teams (id) on delete cascade,
  person_id uuid not null references people (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (team_id, person_id)
);
create index team_members_person_id_idx on team_members (person_id);
