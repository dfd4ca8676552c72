-- `vigil agent`'s own database (docs/agents.md). Empty on an upstream: only an agent fills them.

-- The durable buffer: each check result waits here, in the same transaction that stored it,
-- until the upstream has acknowledged it. Keyed like check_statuses, so a re-send is idempotent.
create table agent_outbox (
  seq bigserial primary key,
  check_id uuid not null,
  time timestamptz not null,
  duration integer,
  status boolean not null,
  invalid boolean not null default false,
  error text,
  message text,
  detail jsonb,
  -- Pushes that answered this row's check as missing upstream; it is dropped after a few.
  missing_count integer not null default 0,
  created_at timestamptz not null default now(),
  unique (check_id, time)
);

-- Canaries the upstream assigned to this agent: run here, under the upstream's ids, and never
-- pushed back as the agent's own.
create table agent_assigned_canaries (
  canary_id uuid primary key references canaries (id) on delete cascade,
  created_at timestamptz not null default now()
);

-- What the upstream last told the agent (its settings, the assigned canaries' version).
create table agent_upstream_state (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);
