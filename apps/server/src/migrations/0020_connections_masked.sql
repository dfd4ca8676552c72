-- Connections as clients may read them: a stored static secret shows as a mask, a Secret or
-- ConfigMap reference (secret://name/key, configmap://name/key) shows as written.
create view connections_masked as
select
  id, name, namespace, type, url, username,
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
