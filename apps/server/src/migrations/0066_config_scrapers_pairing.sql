-- A scraper's spec may send a connection's credentials to another endpoint only when its
-- writer may write connections; recorded at write time, as for canaries.
alter table config_scrapers
  add column connection_pairing_approved boolean not null default false;
