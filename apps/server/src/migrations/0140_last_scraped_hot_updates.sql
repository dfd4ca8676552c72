-- Every scrape rewrites one config_items_last_scraped_time row per item it saw. No query reads
-- the table by time (retention joins it by config_id), so the index on last_scraped_time only
-- cost an index entry per row per scrape. Without it, and with room left on every page, those
-- updates are HOT: the row is rewritten in place and no index is touched.
drop index if exists config_items_last_scraped_time_idx;
alter table config_items_last_scraped_time set (fillfactor = 70);
