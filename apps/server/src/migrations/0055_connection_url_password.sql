-- A password written in a connection's url (postgres://user:secret@host/db) is kept in the sealed
-- password column and the url holds $(password) (connections.write-hook.ts). Rows stored before
-- that: an unencoded url password moves to an empty password column (not readable through the
-- data API), and the masked view shows any url password that is left as the mask.
update connections
set password = substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^:@/?#]*:([^@/?#%]+)@'),
    url = regexp_replace(url, '^([a-zA-Z][a-zA-Z0-9+.-]*://[^:@/?#]*):[^@/?#%]+@', '\1:$(password)@')
where password is null
  and url ~ '^[a-zA-Z][a-zA-Z0-9+.-]*://[^:@/?#]*:[^@/?#%]+@'
  and url !~ '^[a-zA-Z][a-zA-Z0-9+.-]*://[^:@/?#]*:\$\(password\)@';

create or replace view connections_masked as
select
  id, name, namespace, type,
  regexp_replace(
    url, '^([a-zA-Z][a-zA-Z0-9+.-]*://[^:@/?#]*):(?!\$\(password\)@)[^@/?#]*@', '\1:********@'
  ) as url,
  username,
  case
    when password is null then null
    when password ~ '^(secret|configmap)://[^/]+/[^/]+$' then password
    else '********'
  end as password,
  case
    when certificate is null then null
    when certificate ~ '^(secret|configmap)://[^/]+/[^/]+$' then certificate
    else '********'
  end as certificate,
  insecure_tls, properties, source, created_by, created_at, updated_at, deleted_at
from connections;
