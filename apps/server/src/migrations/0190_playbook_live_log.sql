-- What a running action has written so far (masked, at most 1 MiB), appended while it runs so
-- that any replica can stream it (GET /api/playbook/run/{id}/logs/stream).
alter table playbook_run_actions add column live_log text;
