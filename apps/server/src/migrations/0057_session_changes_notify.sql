-- Every replica caches the actor behind a session cookie for a few seconds. A change that ends
-- or narrows what a session may do notifies channel 'session_changes' with the identity's id,
-- so that every replica forgets that identity's cached sessions at once (docs/identity.md).
-- The trigger's argument names the column that holds the identity's id.
create or replace function session_changes_notify() returns trigger
language plpgsql as $$
begin
  perform pg_notify('session_changes',
    to_jsonb(case when tg_op = 'DELETE' then old else new end) ->> tg_argv[0]);
  return null;
end;
$$;

create trigger sessions_deleted_notify after delete on sessions
  for each row execute function session_changes_notify('identity_id');
create trigger sessions_ended_notify after update on sessions
  for each row
  when (old.active and not new.active or old.token_hash is distinct from new.token_hash)
  execute function session_changes_notify('identity_id');
create trigger person_roles_changes_notify after insert or update or delete on person_roles
  for each row execute function session_changes_notify('person_id');
create trigger identities_deleted_notify after delete on identities
  for each row execute function session_changes_notify('id');
create trigger identities_changed_notify after update on identities
  for each row
  when (old.state is distinct from new.state or old.credentials is distinct from new.credentials)
  execute function session_changes_notify('id');
