-- OIDC providers for social sign-in, configured in settings. client_secret is sealed by the
-- identity service (AES-256-GCM) and never exposed through the data API.
create table identity_providers (
  id uuid primary key default gen_uuid_v7(),
  provider text not null unique check (provider ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
  label text not null,
  issuer_url text not null,
  client_id text not null,
  client_secret text not null,                         -- secret (sealed)
  scopes text not null default 'openid email profile',
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger identity_providers_updated_at before update on identity_providers
  for each row execute function set_updated_at();
