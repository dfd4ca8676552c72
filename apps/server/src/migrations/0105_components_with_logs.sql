-- The logs viewer's Component picker (spec 001 §7: /components_with_logs?order=name.asc): live
-- components that declare log selectors, with the selectors for its Selector dropdown.
create or replace view components_with_logs as
  select id, name, agent_id, icon, type, log_selectors as logs
    from components
   where deleted_at is null
     and log_selectors is not null
     and jsonb_typeof(log_selectors) = 'array'
     and jsonb_array_length(log_selectors) > 0;
