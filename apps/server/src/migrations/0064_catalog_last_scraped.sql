-- When a scrape last saw each config item, kept apart from config_items so that a rescrape of
-- unchanged items rewrites these narrow rows only (config_items rows stay untouched).
create table if not exists config_items_last_scraped_time (
  config_id uuid primary key references config_items (id) on delete cascade,
  last_scraped_time timestamptz not null default now()
);
create index if not exists config_items_last_scraped_time_idx
  on config_items_last_scraped_time (last_scraped_time);
