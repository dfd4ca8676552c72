-- config_hash: a hash of the item's normalised document and scraped fields, so that a rescrape
-- of an unchanged item costs a comparison, not a diff. delete_reason: why an item was
-- soft-deleted (stale, removed at the source, retention), shown on the API.
alter table config_items add column config_hash text;
alter table config_items add column delete_reason text;

-- configs expands ci.* when created: recreate it so that it carries the new columns.
drop view configs;
create view configs as
select
  ci.*,
  coalesce(s.changes, 0) as changes,
  coalesce(s.analysis, '{}'::jsonb) as analysis
from config_items ci
left join config_item_summaries s on s.config_id = ci.id;
