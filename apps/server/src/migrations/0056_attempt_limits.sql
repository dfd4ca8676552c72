-- Rate limits of the identity service (sign-in, recovery and verification requests), one row
-- per key such as `sign-in:id:ada@example.com` or `recovery:ip:10.0.0.1`. Every replica counts
-- here, so a limit holds across replicas. Never exposed through the data API.
create table attempt_limits (
  key text primary key,
  attempts integer not null,
  resets_at timestamptz not null
);
create index attempt_limits_resets_at_idx on attempt_limits (resets_at);
