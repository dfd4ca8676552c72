-- Catalog lifecycle: insights close 7 days after they were resolved (config-db's 'closed'), and
-- the indexes retention and the insight lifecycle walk in batches.
alter table config_analysis drop constraint if exists config_analysis_status_check;
alter table config_analysis add constraint config_analysis_status_check
  check (status in ('open', 'resolved', 'silenced', 'closed'));

-- Open and resolved insights by when they were last seen: the lifecycle's batches.
create index if not exists config_analysis_lifecycle_idx
  on config_analysis ((coalesce(last_observed, first_observed)))
  where status in ('open', 'resolved');

-- Soft-deleted items by deletion time: the purge's batches.
create index if not exists config_items_deleted_at_idx
  on config_items (deleted_at) where deleted_at is not null;

-- Changes of one scraper's items by type and age: change retention.
create index if not exists config_changes_change_type_config_id_created_at_idx
  on config_changes (change_type, config_id, created_at desc);
