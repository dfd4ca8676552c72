-- Kubernetes-style annotations on canaries, e.g. kubectl's last-applied-configuration, which
-- client-side `kubectl apply` needs to compute its three-way patches.
alter table canaries add column annotations jsonb not null default '{}'::jsonb;
