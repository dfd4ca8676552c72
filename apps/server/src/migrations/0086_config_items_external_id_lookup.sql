-- The ingest probes config_items.external_id (GIN) for references to items outside a scrape
-- and for aliases. With fastupdate, every probe also scans the unmerged pending list, which
-- after a large scrape costs milliseconds per probe; insert straight into the index instead.
alter index config_items_external_id_idx set (fastupdate = off);
