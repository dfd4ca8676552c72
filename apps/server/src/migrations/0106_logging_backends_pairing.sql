-- A logging backend may send a connection's credentials to another endpoint (its own url) only
-- when its writer may write connections; recorded at write time, as for canaries and scrapers.
alter table logging_backends
  add column connection_pairing_approved boolean not null default false;
