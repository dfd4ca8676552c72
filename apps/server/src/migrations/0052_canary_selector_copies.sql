-- Copies of an upstream canary on the agents its spec.agentSelector selects carry
-- source = 'agentSelector=<parent id>' (docs/agents.md); every canary write looks them up.
create index canaries_source_idx on canaries (source) where deleted_at is null;
