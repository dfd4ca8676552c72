-- A component's GET /api/topology entry as JSON text (every field up to deleted_at, without
-- the closing brace), kept on write so that a query of 2,000 components reads text instead
-- of building JSON per request (bench/runs/2026-11-28-topology-query.md).
alter table components add column response_json text;

create or replace function component_response_json(c components) returns text
language sql stable as $$
  select left(row_to_json(j)::text, -1)
    from (select c.id, c.topology_id, c.agent_id, c.parent_id, c.external_id, c.name, c.title,
                 c.text, c.type, c.icon, c.namespace,
                 case c.status when 'info' then 'unknown' else c.status end as status,
                 c.status_reason, c.description,
                 -- label values as strings and properties named, as the response schema says
                 case when jsonb_path_exists(c.labels, '$.* ? (@.type() != "string")')
                      then (select jsonb_object_agg(k, coalesce(v, 'null'))
                              from jsonb_each_text(c.labels) e(k, v))
                      else c.labels end as labels,
                 c.path, c.is_leaf, c.hidden,
                 case when c.properties is null or jsonb_typeof(c.properties) <> 'array'
                        then '[]'::jsonb
                      when jsonb_path_exists(c.properties,
                             '$[*] ? (!(exists(@.name)) || @.name.type() != "string")')
                        then (select jsonb_agg(case when jsonb_typeof(p -> 'name') = 'string'
                                                    then p else p || '{"name":""}' end
                                               order by i)
                                from jsonb_array_elements(c.properties) with ordinality e(p, i))
                      else c.properties end as properties,
                 c.cost_per_minute::float8 as cost_per_minute,
                 c.cost_total_1d::float8 as cost_total_1d,
                 c.cost_total_7d::float8 as cost_total_7d,
                 c.cost_total_30d::float8 as cost_total_30d,
                 to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                   as created_at,
                 to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                   as updated_at,
                 to_char(c.deleted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                   as deleted_at) j
$$;

create or replace function components_response_json_trigger() returns trigger
language plpgsql as $$
begin
  new.response_json := component_response_json(new);
  return new;
end;
$$;

-- Named to fire after components_updated_at (before-triggers fire in name order).
create trigger components_with_response_json before insert or update on components
  for each row execute function components_response_json_trigger();

-- The backfill keeps every updated_at as it was.
alter table components disable trigger components_updated_at;
update components set response_json = component_response_json(components);
alter table components enable trigger components_updated_at;
