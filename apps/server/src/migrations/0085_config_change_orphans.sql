-- Event changes whose config item does not exist yet (a Kubernetes event before its pod is
-- scraped). The ingest keeps them here, keyed by the item's type and external id within an
-- agent, and moves them into config_changes when that item appears.
create table config_change_orphans (
  id uuid primary key default gen_uuid_v7(),
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000' references agents (id),
  scraper_id uuid references config_scrapers (id) on delete cascade,
  config_type text not null,
  external_id text not null,
  external_change_id text,
  change_type text not null,
  severity text check (severity in ('info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical')),
  source text,
  summary text,
  details jsonb,
  patches jsonb,
  diff text,
  fingerprint text,
  count integer not null default 1,
  first_observed timestamptz not null default now(),
  external_created_by text,
  created_at timestamptz not null default now()
);
create index config_change_orphans_item_idx
  on config_change_orphans (agent_id, config_type, external_id);
create unique index config_change_orphans_external_change_id_key
  on config_change_orphans (agent_id, config_type, external_id, external_change_id)
  where external_change_id is not null;
create index config_change_orphans_created_at_idx on config_change_orphans (created_at);
