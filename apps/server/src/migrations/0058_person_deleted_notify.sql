-- A person soft-deleted (people.deleted_at set) is refused on every route: every replica must
-- forget that person's cached sessions at once, as for the changes of 0057.
create trigger people_deleted_notify after update on people
  for each row
  when (old.deleted_at is distinct from new.deleted_at)
  execute function session_changes_notify('id');
