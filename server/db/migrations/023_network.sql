-- The network behind every SIM (docs/network.md): a SIM's numbers come from fulfilment (the ICCID of the SIM dispatched)
-- and from the network (the mobile number and IMSI at activation); its balances and usage are the network's last
-- reading. Its life before activation comes from events, each stored once, and every change we ask of the network goes
-- through an outbox like the mail outbox.
alter table services alter column iccid drop not null;
alter table services alter column imsi drop not null;
alter table services alter column service_number drop not null;
-- Balances (prepaid) and usage (monthly) are present only once the network has reported them.
alter table services drop constraint services_check;
alter table services drop constraint services_check1;

alter table services add column life text not null default 'preparing'
  check (life in ('preparing', 'on_its_way', 'rica_failed', 'returned', 'activating', 'active'));
-- When the event that set the life happened, and where it puts the SIM: an event moves the life only forward
-- (active 1000, returned 900, else attempt * 10 + step), so a late or repeated event never moves a SIM back.
alter table services add column life_since timestamptz not null default now();
alter table services add column life_position integer not null default 0;
alter table services add column delivery_attempt integer not null default 1 check (delivery_attempt >= 1);
alter table services add column courier text;
alter table services add column tracking_reference text;
alter table services add column rica_failure text check (rica_failure in ('not_present', 'document_mismatch', 'proof_of_address', 'other'));
-- Whose answers the row holds: the demo's sandbox network, or the reseller's enabler.
alter table services add column network text not null default 'sandbox' check (network in ('sandbox', 'enabler'));
-- When the balances or usage were last read from the network; null until it has reported them.
alter table services add column read_at timestamptz;
-- When the network activated the SIM (activation_date stays the payment's time, from which bill cycles are counted).
alter table services add column activated_at timestamptz;
-- The last suspension or resumption applied, so an older one arriving late changes nothing.
alter table services add column status_since timestamptz;

-- SIMs from before the network's life was recorded were active.
update services set life = 'active', life_position = 1000, life_since = activation_date, activated_at = activation_date, read_at = last_updated;

-- The enabler's code for the plan; null means the product id as text.
alter table products add column network_plan text;

-- Every event the network (or fulfilment) sent, once: a repeat finds its id here and changes nothing.
create table sim_events (
  id bigint generated always as identity primary key,
  service_id bigint not null references services (id) on delete cascade,
  event_id text not null unique,
  type text not null,
  occurred_at timestamptz not null,
  received_at timestamptz not null default now(),
  data jsonb not null default '{}'
);

create index sim_events_service on sim_events (service_id, occurred_at);

-- The network outbox: a row per change we ask of the network, written in the transaction that causes it, sent by a
-- periodic job on every instance (claimed with SKIP LOCKED and a lease) with its idempotency key, so the network does
-- it once however often it is sent.
create table network_requests (
  id bigint generated always as identity primary key,
  service_id bigint not null references services (id) on delete cascade,
  kind text not null check (kind in ('activate', 'change_plan', 'add_bundle', 'cancel', 'suspend')),
  idempotency_key uuid not null unique,
  body jsonb not null default '{}',
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  -- The network took the request (2xx); it is applied when its event says so.
  accepted_at timestamptz,
  applied_at timestamptz,
  -- Given up after the last try, or refused by the network: kept, shown to the customer, logged as an error.
  failed_at timestamptz
);

create index network_requests_due on network_requests (next_attempt_at) where accepted_at is null and failed_at is null;
create index network_requests_service on network_requests (service_id) where applied_at is null and failed_at is null;

-- The network's "balance low" reports: one row per bundle and threshold crossed, so a notification can be sent later
-- without asking the network again.
create table usage_alerts (
  service_id bigint not null references services (id) on delete cascade,
  -- The network's id of the bundle.
  bundle text not null,
  threshold integer not null check (threshold in (50, 80, 100)),
  crossed_at timestamptz not null,
  received_at timestamptz not null default now(),
  event_id text not null,
  primary key (service_id, bundle, threshold)
);
