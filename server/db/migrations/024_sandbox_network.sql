-- The sandbox network (server/sandbox/network/): the demo's stand-in for the reseller's enabler. Its own tables, which
-- nothing of the storefront reads: it answers the documented HTTP contract (docs/network.md) from them and tells the
-- storefront what happened through signed events, as a real enabler would.

-- Its SIMs by ICCID: taken from its stock when the courier dispatches one for a storefront service (named by the
-- service reference), then given a number at activation; balances (prepaid) or usage (monthly) as it last reported them.
create table sandbox_network_sims (
  iccid text primary key,
  reference text not null unique,
  -- The delivery attempt the courier is on, its courier and tracking reference.
  attempt integer not null default 1 check (attempt >= 1),
  courier text not null,
  tracking_reference text not null,
  dispatched_at timestamptz not null default now(),
  returned_at timestamptz,
  status text not null default 'inactive' check (status in ('inactive', 'active', 'suspended', 'cancelled')),
  msisdn text unique,
  imsi text unique,
  plan text,
  billing text check (billing in ('prepaid', 'monthly')),
  activated_at timestamptz,
  balances jsonb,
  usage jsonb,
  -- Per balance (data_sub, data0, spend_limit, ...): the network's id of the bundle it holds and how much it granted,
  -- so a report knows what share of the bundle is used.
  bundles jsonb not null default '{}',
  read_at timestamptz
);

-- Its stock of SIM cards and its numbers: counters the ICCID, IMSI and mobile number are derived from
-- (sandbox/network/simNumbers.ts). They start far above any storefront service id, whose SIMs from before the network
-- was recorded carry numbers derived from their id, so the sandbox never gives out a number already shown.
create sequence sandbox_network_stock start with 5000000000000;
create sequence sandbox_network_numbers start with 5000000;

-- Every POST it took, by Idempotency-Key, with the first answer: a repeat gets that answer and does nothing again.
create table sandbox_network_requests (
  idempotency_key text primary key,
  -- The method, path and body the key was first used with; the same key with another request is refused.
  fingerprint text not null,
  status integer not null,
  answer jsonb not null,
  received_at timestamptz not null default now()
);

-- Every call it received, repeats included, so tests can count what reached the network; kept a day.
create table sandbox_network_calls (
  id bigint generated always as identity primary key,
  method text not null,
  path text not null,
  idempotency_key text,
  received_at timestamptz not null default now()
);

create index sandbox_network_calls_received on sandbox_network_calls (received_at);

-- The "balance low" reports it sent: once per bundle and threshold.
create table sandbox_network_alerts (
  iccid text not null references sandbox_network_sims (iccid) on delete cascade,
  bundle text not null,
  threshold integer not null check (threshold in (50, 80, 100)),
  sent_at timestamptz not null default now(),
  primary key (iccid, bundle, threshold)
);
