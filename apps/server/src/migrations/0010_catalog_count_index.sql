-- Counting live config items of one type through the configs view needs an index-only scan:
-- the view still references ci.id, so the index must carry it (bench/RESULTS.md, catalog list).
create index config_items_type_live_idx on config_items (type) include (id) where deleted_at is null;
