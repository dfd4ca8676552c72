-- Set by the canaries write hook from the writer, never from the body: the spec was last written
-- by someone who may write connections, so its checks may send a connection's credentials to
-- their own url (docs/connections.md, "Where credentials go").
alter table canaries add column connection_pairing_approved boolean not null default false;
