-- Self-service flows of the identity service, their stored errors, one-time recovery and
-- verification tokens. None of these tables is exposed through the data API.

create table identity_flows (
  id uuid primary key default gen_uuid_v7(),
  kind text not null
    check (kind in ('login', 'registration', 'settings', 'recovery', 'verification')),
  state text not null,
  -- sha-256 of the browser's CSRF cookie: a flow answers only the browser that created it.
  csrf_hash text not null,
  identity_id uuid references identities (id) on delete cascade,
  return_to text,
  request_url text not null,
  refresh boolean not null default false,
  requested_aal text not null default 'aal1' check (requested_aal in ('aal1', 'aal2')),
  ui jsonb not null,
  -- secret: material a method keeps between render and submit (a TOTP secret being enrolled).
  internal jsonb not null default '{}'::jsonb,
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index identity_flows_expires_at_idx on identity_flows (expires_at);
create trigger identity_flows_updated_at before update on identity_flows
  for each row execute function set_updated_at();

create table identity_flow_errors (
  id uuid primary key default gen_uuid_v7(),
  error jsonb not null,
  created_at timestamptz not null default now()
);

-- One-time links: recovery (invitations use these too) and email verification.
create table identity_tokens (
  id uuid primary key default gen_uuid_v7(),
  kind text not null check (kind in ('recovery', 'verification')),
  identity_id uuid not null references identities (id) on delete cascade,
  token_hash text not null unique,                       -- secret: sha-256 of the token
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index identity_tokens_identity_id_idx on identity_tokens (identity_id);

alter table identities add column verified_at timestamptz;
