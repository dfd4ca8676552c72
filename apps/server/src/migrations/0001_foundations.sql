-- Foundations shared by every later migration: extensions, time-ordered ids, updated_at.

create extension if not exists pgcrypto;
create extension if not exists pg_trgm;

-- UUIDv7 (RFC 9562): 48-bit unix milliseconds, then random bits, so that inserts stay local.
-- PostgreSQL 18 has uuidv7() built in; this works on 15 and newer alike.
create or replace function gen_uuid_v7() returns uuid
language plpgsql volatile parallel safe as $$
declare
  ms bigint := floor(extract(epoch from clock_timestamp()) * 1000);
  bytes bytea := gen_random_bytes(16);
begin
  bytes := set_byte(bytes, 0, ((ms >> 40) & 255)::int);
  bytes := set_byte(bytes, 1, ((ms >> 32) & 255)::int);
  bytes := set_byte(bytes, 2, ((ms >> 24) & 255)::int);
  bytes := set_byte(bytes, 3, ((ms >> 16) & 255)::int);
  bytes := set_byte(bytes, 4, ((ms >> 8) & 255)::int);
  bytes := set_byte(bytes, 5, (ms & 255)::int);
  bytes := set_byte(bytes, 6, (get_byte(bytes, 6) & 15) | 112);  -- version 7
  bytes := set_byte(bytes, 8, (get_byte(bytes, 8) & 63) | 128);  -- variant 10
  return encode(bytes, 'hex')::uuid;
end;
$$;

-- Keeps updated_at true on every update; attached to each resource table.
create or replace function set_updated_at() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
