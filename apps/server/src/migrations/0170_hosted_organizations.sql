-- Hosted mode (VIGIL_AUTH=oidc-org, spec 000 §1, §2.2): organisations that people belong to,
-- and the organisation a session works in. Unused in the default (self-hosted) mode.
create table organizations (
  id uuid primary key default gen_uuid_v7(),
  -- The provider's organisation claim; null for organisations created in the console.
  external_id text unique,
  name text not null check (length(btrim(name)) between 1 and 100),
  -- Each organisation's own schema, created by provisioning.
  schema_name text not null unique check (schema_name ~ '^org_[0-9a-f]{32}$'),
  status text not null default 'provisioning' check (status in ('provisioning', 'ready')),
  backend_url text,
  created_by uuid references identities (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index organizations_provisioning_idx on organizations (created_at)
  where status = 'provisioning';
create trigger organizations_updated_at before update on organizations
  for each row execute function set_updated_at();

create table organization_members (
  organization_id uuid not null references organizations (id) on delete cascade,
  identity_id uuid not null references identities (id) on delete cascade,
  roles text[] not null default '{viewer}'
    check (roles <@ array['admin', 'editor', 'commander', 'responder', 'viewer']),
  created_at timestamptz not null default now(),
  primary key (organization_id, identity_id)
);
create index organization_members_identity_idx on organization_members (identity_id);

alter table sessions add column organization_id uuid references organizations (id) on delete set null;

-- Switching organisation or changing a membership changes what a session may do: every
-- replica forgets the cached actor (0057).
create trigger sessions_organization_notify after update on sessions
  for each row when (old.organization_id is distinct from new.organization_id)
  execute function session_changes_notify('identity_id');
create trigger organization_members_changes_notify
  after insert or update or delete on organization_members
  for each row execute function session_changes_notify('identity_id');
