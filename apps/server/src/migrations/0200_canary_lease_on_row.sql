-- A claimed slot's lease moves onto the canary row that the claim already updates: no row is
-- inserted and deleted per slot (canary_slot_leases cost about 10% server and 22% PostgreSQL CPU
-- at 1,000 checks/s). The lease holds the replica's latest claimed slot; while it is held,
-- only that replica claims the canary's next slots (one chain, one token). No index names these
-- columns, so ending a lease is a HOT update; fillfactor leaves room on the page for it.
alter table canaries
  add column lease_slot timestamptz,
  add column lease_token uuid,
  add column lease_owner uuid,
  add column lease_until timestamptz;
alter table canaries set (fillfactor = 85);

-- Slots leased at the upgrade: the latest per canary keeps its lease, so a replica of the
-- previous version that dies now is still taken over.
update canaries c set lease_slot = l.slot, lease_token = l.token, lease_until = l.claimed_until,
  lease_owner = '00000000-0000-0000-0000-000000000000'
from (select distinct on (canary_id) canary_id, slot, token, claimed_until
      from canary_slot_leases order by canary_id, slot desc) l
where c.id = l.canary_id;

drop table canary_slot_leases;
