-- The catalog summary's default grouping is config_class then type. The per-type rollups answer
-- it when each type has one class, which two probes of this index per type tell.
create index config_items_type_class_idx on config_items (type, config_class);
