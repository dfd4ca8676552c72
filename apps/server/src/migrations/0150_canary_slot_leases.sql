-- A claimed slot is leased until the transaction that records its run's results deletes the
-- lease. A replica killed mid-run loses nothing (its lease lapses and another replica runs the
-- slot) and records nothing twice (only the lease's token may record the slot). next_runtime
-- still moves on at the claim, so the next slot is claimable while this one runs (issue #28).
create table canary_slot_leases (
  canary_id uuid not null references canaries (id) on delete cascade,
  slot timestamptz not null,
  token uuid not null,
  claimed_until timestamptz not null,
  primary key (canary_id, slot)
);
-- Rows live about a second (claim to record): a small, hot table that autovacuum keeps small.
alter table canary_slot_leases set (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
