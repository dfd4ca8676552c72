-- The console's search (/api/search) matches names anywhere in them: trigram indexes keep it
-- fast at tens of thousands of checks (config items have theirs since 0006).
create index if not exists checks_name_trgm_idx on checks using gin (name gin_trgm_ops)
  where deleted_at is null;
create index if not exists canaries_name_trgm_idx on canaries using gin (name gin_trgm_ops)
  where deleted_at is null;
