-- Spec 001 §7 reads component teams as team_components?select=*,team: each row carries its
-- team's {id, name, icon}, kept by triggers when the link is written and when a team changes.
alter table team_components add column team jsonb;

create or replace function team_components_team() returns trigger language plpgsql as $$
begin
  select jsonb_build_object('id', t.id, 'name', t.name, 'icon', t.icon) into new.team
    from teams t where t.id = new.team_id;
  return new;
end;
$$;
create trigger team_components_team before insert or update of team_id on team_components
  for each row execute function team_components_team();

create or replace function teams_team_components() returns trigger language plpgsql as $$
begin
  update team_components
     set team = jsonb_build_object('id', new.id, 'name', new.name, 'icon', new.icon)
   where team_id = new.id;
  return null;
end;
$$;
create trigger teams_team_components after update of name, icon on teams
  for each row when (old.name is distinct from new.name or old.icon is distinct from new.icon)
  execute function teams_team_components();

update team_components tc
   set team = jsonb_build_object('id', t.id, 'name', t.name, 'icon', t.icon)
  from teams t where t.id = tc.team_id;
